import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    public func setMuted(_ muted: Bool, accountId: String, notifications: Bool, duration: MuteDuration) async throws -> Relationship {
        let endpoint = muted
            ? API.Safety.mute(id: accountId, form: [("notifications", notifications ? "true" : "false"), ("duration", String(duration.seconds))])
            : API.Safety.unmute(id: accountId)
        return try Self.model(try await call(endpoint))
    }

    public func setBlocked(_ blocked: Bool, accountId: String) async throws -> Relationship {
        try Self.model(try await call((blocked ? API.Safety.block : API.Safety.unblock)(id: accountId)))
    }

    public func mutes(page: PageRequest) async throws -> Page<MutedAccount> {
        let (items, response) = try await get(API.Safety.mutes(query: Self.paging(page, defaultLimit: Self.accountPageLimit)))
        let muted = items.decoded().compactMap { item in item.account.toModel().map { MutedAccount(account: $0, expiresAt: item.muteExpiresAt) } }
        return Self.page(muted, response, request: page, id: \.id)
    }

    public func blocks(page: PageRequest) async throws -> Page<Account> {
        try await accountList(API.Safety.blocks, page: page)
    }

    public func followRequests(page: PageRequest) async throws -> Page<Account> {
        try await accountList(API.Safety.followRequests, page: page)
    }

    public func domainBlocks() async throws -> [String] {
        let (domains, _) = try await get(API.Safety.domainBlocks(query: [("limit", "200")]))
        return domains
    }

    public func setDomainBlocked(_ blocked: Bool, domain: String) async throws {
        if blocked {
            _ = try await call(API.Safety.blockDomain(form: [("domain", domain)]))
        } else {
            _ = try await call(API.Safety.unblockDomain(query: [("domain", domain)]))
        }
    }

    public func report(_ report: NewReport) async throws -> String {
        var form: Parameters = [("account_id", report.accountId), ("category", report.reason.rawValue)]
        form += report.postIds.map { ("status_ids[]", $0) }
        if !report.comment.isEmpty { form.append(("comment", report.comment)) }
        let answer = try await call(API.Safety.report(form: form))
        guard let id = answer.id else { throw MicroblogError.malformedResponse(detail: "report without id") }
        return id
    }

    public func answerFollowRequest(accountId: String, accept: Bool) async throws -> Relationship {
        try Self.model(try await call((accept ? API.Safety.authorize : API.Safety.reject)(id: accountId)))
    }

    public func setConversationMuted(_ muted: Bool, postId: String) async throws -> Post {
        let status = try await call((muted ? API.Safety.muteConversation : API.Safety.unmuteConversation)(id: postId))
        guard var post = status.toModel() else { throw MicroblogError.malformedResponse(detail: "status without id") }
        post.muted = status.muted ?? muted
        return post
    }

    /// A page of accounts from a list endpoint of the user's (blocks, follow requests).
    private func accountList(_ endpoint: Endpoint<[Lenient<MastodonEntities.Account>]>, page: PageRequest) async throws -> Page<Account> {
        let (items, response) = try await get(endpoint(query: Self.paging(page, defaultLimit: Self.accountPageLimit)))
        return Self.page(items.decoded().compactMap { $0.toModel() }, response, request: page, id: \.id)
    }

    static func model(_ relationship: MastodonEntities.Relationship) throws -> Relationship {
        guard let model = relationship.toModel() else { throw MicroblogError.malformedResponse(detail: "relationship without id") }
        return model
    }
}
