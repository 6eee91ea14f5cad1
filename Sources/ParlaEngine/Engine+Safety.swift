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
