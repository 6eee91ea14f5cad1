import Foundation
import MicroblogKit

extension MastodonClient {
    /// How many ids one relationships call carries.
    public static let relationshipChunk = 40

    public func currentAccount() async throws -> Account {
        let (account, _) = try await get(MastodonEntities.Account.self, "/api/v1/accounts/verify_credentials")
        return try Self.model(account)
    }

    public func account(id: String) async throws -> Account {
        let (account, _) = try await get(MastodonEntities.Account.self, "/api/v1/accounts/" + Self.pathComponent(id))
        return try Self.model(account)
    }

    public func lookup(acct: String) async throws -> Account {
        let name = acct.hasPrefix("@") ? String(acct.dropFirst()) : acct
        let (account, _) = try await get(MastodonEntities.Account.self, "/api/v1/accounts/lookup", [("acct", name)])
        return try Self.model(account)
    }

    public func followers(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts("/api/v1/accounts/" + Self.pathComponent(accountId) + "/followers", page: page)
    }

    public func following(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts("/api/v1/accounts/" + Self.pathComponent(accountId) + "/following", page: page)
    }

    func accounts(_ path: String, page: PageRequest) async throws -> Page<Account> {
        let query = Self.paging(page, defaultLimit: Self.accountPageLimit)
        let (items, response) = try await get([Lenient<MastodonEntities.Account>].self, path, query)
        return Self.page(items.decoded().compactMap { $0.toModel() }, response, request: page, id: \.id)
    }

    public func relationships(accountIds: [String]) async throws -> [Relationship] {
        var seen = Set<String>()
        let ids = accountIds.filter { seen.insert($0).inserted }
        var result: [Relationship] = []
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + Self.relationshipChunk, ids.count)]
            let (items, _) = try await get(
                [Lenient<MastodonEntities.Relationship>].self, "/api/v1/accounts/relationships", chunk.map { ("id[]", $0) })
            result += items.decoded().compactMap { $0.toModel() }
            start += Self.relationshipChunk
        }
        return result
    }

    public func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship {
        let path = "/api/v1/accounts/" + Self.pathComponent(accountId) + (following ? "/follow" : "/unfollow")
        let relationship = try await call(MastodonEntities.Relationship.self, "POST", path)
        guard let model = relationship.toModel() else { throw MicroblogError.malformedResponse(detail: "relationship without id") }
        return model
    }

    public func lists() async throws -> [UserList] {
        let (items, _) = try await get([Lenient<MastodonEntities.List>].self, "/api/v1/lists")
        return items.decoded().compactMap { list in list.id.map { UserList(id: $0, title: list.title ?? "") } }
    }

    public func search(_ query: String, limit: Int?) async throws -> SearchResults {
        var parameters: Parameters = [("q", query), ("resolve", "true")]
        if let limit { parameters.append(("limit", String(min(max(limit, 1), Self.statusPageLimit)))) }
        let (results, _) = try await get(MastodonEntities.SearchResults.self, "/api/v2/search", parameters)
        return SearchResults(
            accounts: (results.accounts ?? []).decoded().compactMap { $0.toModel() },
            posts: (results.statuses ?? []).decoded().compactMap { $0.toModel() },
            hashtags: (results.hashtags ?? []).decoded().compactMap(\.name))
    }

    public func markers() async throws -> [String: ReadMarker] {
        let (markers, _) = try await get(
            [String: MastodonEntities.Marker].self, "/api/v1/markers", [("timeline[]", "home"), ("timeline[]", "notifications")])
        return markers.compactMapValues { marker in
            marker.lastReadId.map { ReadMarker(lastReadId: $0, updatedAt: marker.updatedAt, version: marker.version) }
        }
    }

    public func saveMarker(timeline: String, lastReadId: String) async throws {
        _ = try await call([String: MastodonEntities.Marker].self, "POST", "/api/v1/markers", form: [("\(timeline)[last_read_id]", lastReadId)])
    }

    static func model(_ account: MastodonEntities.Account) throws -> Account {
        guard let model = account.toModel() else { throw MicroblogError.malformedResponse(detail: "account without id") }
        return model
    }
}
