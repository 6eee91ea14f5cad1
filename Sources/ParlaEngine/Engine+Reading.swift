import Foundation
import MicroblogKit

/// Reading what the cache does not hold: pages beyond it, accounts, people, lists and search. Posts that
/// come back replace their cached copies, so nothing older stays on screen.
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

    public func notificationsPage(_ page: PageRequest) async throws -> Page<MicroblogNotification> {
        try await reach { try await service.notifications(page: page, kinds: nil) }
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

    public func account(id: String) async throws -> Account {
        try await reach { try await service.account(id: id) }
    }

    public func lookup(acct: String) async throws -> Account {
        try await reach { try await service.lookup(acct: acct) }
    }

    public func followers(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await reach { try await service.followers(accountId: accountId, page: page) }
    }

    public func following(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await reach { try await service.following(accountId: accountId, page: page) }
    }

    public func relationships(accountIds: [String]) async throws -> [Relationship] {
        let fetched = try await reach { try await service.relationships(accountIds: accountIds) }
        for relationship in fetched { relationships[relationship.id] = relationship }
        return fetched
    }

    public func lists() async throws -> [UserList] {
        try await reach { try await service.lists() }
    }

    public func search(_ request: SearchRequest) async throws -> SearchResults {
        try await reach { try await service.search(request) }
    }
}
