import Foundation
import MicroblogKit

/// Reading what the cache does not hold and keeping what came: pages beyond it, posts and relationships.
/// Posts that come back replace their cached copies, so nothing older stays on screen. (Accounts, people,
/// lists and search only pass through: `AccountEngine+Serving` in MicroblogKit.)
extension Engine {
    public func page(_ kind: TimelineKind, _ page: PageRequest) async throws -> Page<Post> {
        let outcome: Result<Page<Post>, any Error>
        do { outcome = .success(try await service.timeline(kind, page: page)) } catch { outcome = .failure(error) }
        return try await self.page(fetched: outcome)
    }

    /// A page fetched while the engine was being opened (line mode asks for its first page then): its
    /// outcome is taken as ``page(_:_:)`` takes its own (a failure makes the engine offline, a success
    /// online) and its posts replace their cached copies; each that came in a newer shape (edited, its
    /// link card fetched since) is shown so everywhere (`postUpdated`).
    public func page(fetched outcome: Result<Page<Post>, any Error>) async throws -> Page<Post> {
        let result = try await reach { try outcome.get() }
        for post in (try? cache.updateChanged(result.items.map(\.shown))) ?? [] { emit(.postUpdated(post)) }
        return result
    }

    public nonisolated func pageRequest(olderThan postId: String, in kind: TimelineKind) async -> PageRequest? {
        service.pageRequest(olderThan: postId, in: kind)
    }

    public nonisolated func notificationsPageRequest(olderThan notificationId: String) async -> PageRequest? {
        service.notificationsPageRequest(olderThan: notificationId)
    }

    public func post(id: String) async throws -> Post {
        let post = try await reach { try await service.post(id: id) }
        _ = try? cache.update(post.shown)
        return post
    }

    public func relationships(accountIds: [String]) async throws -> [Relationship] {
        let fetched = try await reach { try await service.relationships(accountIds: accountIds) }
        for relationship in fetched { relationships[relationship.id] = relationship }
        return fetched
    }
}
