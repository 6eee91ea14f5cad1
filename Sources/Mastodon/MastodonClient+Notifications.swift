import Foundation
import MicroblogKit

extension MastodonClient {
    /// One notification.
    public func notification(id: String) async throws -> MicroblogNotification {
        let (notification, _) = try await get(MastodonEntities.Notification.self, "/api/v1/notifications/" + Self.pathComponent(id))
        guard let model = notification.toModel() else { throw MicroblogError.malformedResponse(detail: "notification without id") }
        return model
    }

    /// Dismisses one notification.
    public func dismissNotification(id: String) async throws {
        try await perform("POST", "/api/v1/notifications/" + Self.pathComponent(id) + "/dismiss")
    }

    /// Dismisses every notification.
    public func clearNotifications() async throws {
        try await perform("POST", "/api/v1/notifications/clear")
    }

    /// Marks a direct conversation as read.
    public func markConversationRead(id: String) async throws {
        try await perform("POST", "/api/v1/conversations/" + Self.pathComponent(id) + "/read")
    }

    /// Who favourited a post.
    public func favouritedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts("/api/v1/statuses/" + Self.pathComponent(postId) + "/favourited_by", page: page)
    }

    /// Who boosted a post.
    public func boostedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts("/api/v1/statuses/" + Self.pathComponent(postId) + "/reblogged_by", page: page)
    }

    /// Accounts whose name or handle matches `query`.
    public func searchAccounts(_ query: String, limit: Int? = nil) async throws -> [Account] {
        let limit = min(max(limit ?? Self.accountPageLimit, 1), Self.accountPageLimit)
        let (items, _) = try await get(
            [Lenient<MastodonEntities.Account>].self, "/api/v1/accounts/search", [("q", query), ("limit", String(limit))])
        return items.decoded().compactMap { $0.toModel() }
    }
}
