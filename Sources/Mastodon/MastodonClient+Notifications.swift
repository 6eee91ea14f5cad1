import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    /// One notification.
    public func notification(id: String) async throws -> MicroblogNotification {
        let (notification, _) = try await get(API.Notifications.notification(id: id))
        guard let model = notification.toModel() else { throw MicroblogError.malformedResponse(detail: "notification without id") }
        return model
    }

    /// Dismisses one notification.
    public func dismissNotification(id: String) async throws {
        try await perform(API.Notifications.dismiss(id: id))
    }

    /// Dismisses every notification.
    public func clearNotifications() async throws {
        try await perform(API.Notifications.clear())
    }

    /// Marks a direct conversation as read.
    public func markConversationRead(id: String) async throws {
        try await perform(API.Timelines.readConversation(id: id))
    }

    /// Who favourited a post.
    public func favouritedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts(API.Statuses.favouritedBy, id: postId, page: page)
    }

    /// Who boosted a post.
    public func boostedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts(API.Statuses.rebloggedBy, id: postId, page: page)
    }

    /// Accounts whose name or handle matches `query`.
    public func searchAccounts(_ query: String, limit: Int? = nil) async throws -> [Account] {
        let limit = min(max(limit ?? Self.accountPageLimit, 1), Self.accountPageLimit)
        let (items, _) = try await get(API.Accounts.search(query: [("q", query), ("limit", String(limit))]))
        return items.decoded().compactMap { $0.toModel() }
    }
}
