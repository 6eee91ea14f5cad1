import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    /// How many ids one relationships call carries.
    public static let relationshipChunk = 40

    public func currentAccount() async throws -> Account {
        let (account, _) = try await get(API.Accounts.verifyCredentials())
        return try Self.model(account)
    }

    public func account(id: String) async throws -> Account {
        let (account, _) = try await get(API.Accounts.account(id: id))
        return try Self.model(account)
    }

    public func lookup(acct: String) async throws -> Account {
        let name = acct.hasPrefix("@") ? String(acct.dropFirst()) : acct
        let (account, _) = try await get(API.Accounts.lookup(query: [("acct", name)]))
        return try Self.model(account)
    }

    public func followers(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts(API.Accounts.followers, id: accountId, page: page)
    }

    public func following(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts(API.Accounts.following, id: accountId, page: page)
    }

    /// A page of accounts from an endpoint about one account or post.
    func accounts(_ endpoint: Endpoint<[Lenient<MastodonEntities.Account>]>, id: String, page: PageRequest) async throws -> Page<Account> {
        let query = Self.paging(page, defaultLimit: Self.accountPageLimit)
        let (items, response) = try await get(endpoint(id: id, query: query))
        return Self.page(items.decoded().compactMap { $0.toModel() }, response, request: page, id: \.id)
    }

    public func relationships(accountIds: [String]) async throws -> [Relationship] {
        var seen = Set<String>()
        let ids = accountIds.filter { seen.insert($0).inserted }
        var result: [Relationship] = []
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + Self.relationshipChunk, ids.count)]
            let (items, _) = try await get(API.Accounts.relationships(query: chunk.map { ("id[]", $0) }))
            result += items.decoded().compactMap { $0.toModel() }
            start += Self.relationshipChunk
        }
        return result
    }

    public func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship {
        let relationship = try await call((following ? API.Accounts.follow : API.Accounts.unfollow)(id: accountId))
        guard let model = relationship.toModel() else { throw MicroblogError.malformedResponse(detail: "relationship without id") }
        return model
    }

    public func lists() async throws -> [UserList] {
        let (items, _) = try await get(API.Lists.all())
        return items.decoded().compactMap { list in list.id.map { UserList(id: $0, title: list.title ?? "") } }
    }

    /// One page of a search: `type` and `offset` for a kind's later pages (Mastodon pages search so).
    public func search(_ request: SearchRequest) async throws -> SearchResults {
        var parameters: Parameters = [("q", request.query), ("resolve", "true")]
        let limit = request.limit ?? Self.statusPageLimit
        parameters.append(("limit", String(min(max(limit, 1), Self.statusPageLimit))))
        if let kind = request.kind { parameters.append(("type", kind.apiType)) }
        if request.offset > 0 { parameters.append(("offset", String(request.offset))) }
        let (results, _) = try await get(API.Misc.search(query: parameters))
        return SearchResults(
            accounts: (results.accounts ?? []).decoded().compactMap { $0.toModel() },
            posts: (results.statuses ?? []).decoded().compactMap { $0.toModel() },
            hashtags: (results.hashtags ?? []).decoded().compactMap(\.name))
    }

    public func markers() async throws -> [String: ReadMarker] {
        let (markers, _) = try await get(API.Misc.markers(query: [("timeline[]", "home"), ("timeline[]", "notifications")]))
        return markers.compactMapValues { marker in
            marker.lastReadId.map { ReadMarker(lastReadId: $0, updatedAt: marker.updatedAt, version: marker.version) }
        }
    }

    public func saveMarker(timeline: String, lastReadId: String) async throws {
        _ = try await call(API.Misc.saveMarkers(form: [("\(timeline)[last_read_id]", lastReadId)]))
    }

    static func model(_ account: MastodonEntities.Account) throws -> Account {
        guard let model = account.toModel() else { throw MicroblogError.malformedResponse(detail: "account without id") }
        return model
    }
}
