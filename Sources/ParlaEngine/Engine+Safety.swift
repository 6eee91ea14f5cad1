import Foundation
import MicroblogKit

extension Engine {
    public func setMuted(_ muted: Bool, accountId: String, notifications: Bool, duration: MuteDuration) async throws -> Relationship {
        let relationship = try await reach {
            try await service.setMuted(muted, accountId: accountId, notifications: notifications, duration: duration)
        }
        relationships[accountId] = relationship
        if muted { silence(accountId, notifications: notifications) }
        return relationship
    }

    public func setBlocked(_ blocked: Bool, accountId: String) async throws -> Relationship {
        let relationship = try await reach { try await service.setBlocked(blocked, accountId: accountId) }
        relationships[accountId] = relationship
        if blocked { silence(accountId, notifications: true) }
        return relationship
    }

    public func mutes(page: PageRequest) async throws -> Page<MutedAccount> {
        try await reach { try await service.mutes(page: page) }
    }

    public func blocks(page: PageRequest) async throws -> Page<Account> {
        try await reach { try await service.blocks(page: page) }
    }

    public func domainBlocks() async throws -> [String] {
        try await reach { try await service.domainBlocks() }
    }

    public func setDomainBlocked(_ blocked: Bool, domain: String) async throws {
        try await reach { try await service.setDomainBlocked(blocked, domain: domain) }
    }

    public func report(_ report: NewReport) async throws -> String {
        try await reach { try await service.report(report) }
    }

    public func followRequests(page: PageRequest) async throws -> Page<Account> {
        try await reach { try await service.followRequests(page: page) }
    }

    public func answerFollowRequest(accountId: String, accept: Bool) async throws -> Relationship {
        try await reach { try await service.answerFollowRequest(accountId: accountId, accept: accept) }
    }

    public func setConversationMuted(_ muted: Bool, postId: String) async throws -> Post {
        let post = try await reach { try await service.setConversationMuted(muted, postId: postId) }
        updated(post)
        return post
    }

    /// Takes an account's posts out of the cached timelines and tells the screens, post by post.
    private func silence(_ accountId: String, notifications: Bool) {
        for id in (try? cache.silence(accountId: accountId, notifications: notifications)) ?? [] {
            emit(.postDeleted(id: id))
        }
    }
}

extension Engine {
    public func filters() async throws -> [KeywordFilter] {
        try await reach { try await service.filters() }
    }

    public func saveFilter(_ draft: FilterDraft, id: String?) async throws -> KeywordFilter {
        try await reach { try await service.saveFilter(draft, id: id) }
    }

    public func deleteFilter(id: String) async throws {
        try await reach { try await service.deleteFilter(id: id) }
    }
}
