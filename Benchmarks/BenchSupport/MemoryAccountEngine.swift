import Foundation
import MicroblogKit

/// An account engine held in memory: a cache of timelines, read positions and drafts, no network.
///
/// For benchmarks of the screens: the app reads the cache as it would from `ParlaEngine.Engine`'s
/// SQLite cache, and ``arrive(_:in:)`` adds posts and emits `newPosts` as the engine does for each
/// post its stream pushes.
public final class MemoryAccountEngine: AccountEngine, @unchecked Sendable {
    private let lock = NSLock()
    private let memoryService: MemoryTimelineService
    private var timelines: [String: [Post]]
    /// Posts that arrived since, oldest first (appending is O(1); a read puts them on top).
    private var arrived: [String: [Post]] = [:]
    private var positions: [String: String] = [:]
    private var drafts: [String: Draft] = [:]
    private var continuations: [AsyncStream<EngineEvent>.Continuation] = []
    private var observers: [@Sendable (EngineEvent) -> Void] = []

    /// - Parameter timelines: the cache, by `TimelineKind.key`, newest first.
    public init(timelines: [String: [Post]], service: MemoryTimelineService = MemoryTimelineService()) {
        self.timelines = timelines
        memoryService = service
    }

    /// Adds posts on top of a timeline and emits one `newPosts` event, as the engine does for a streamed post.
    public func arrive(_ posts: [Post], in key: String) {
        lock.withLock { arrived[key, default: []].append(contentsOf: posts.reversed()) }
        emit(.newPosts(timeline: key, count: posts.count))
    }

    /// Sets the reading position of a timeline (where the app opens it).
    public func setReadPosition(_ id: String, in key: String) { lock.withLock { positions[key] = id } }

    /// Hands an event to every listener.
    public func emit(_ event: EngineEvent) {
        for continuation in lock.withLock({ continuations }) { continuation.yield(event) }
        for observer in lock.withLock({ observers }) { observer(event) }
    }

    /// Whether the app listens to events yet.
    public var listening: Bool { lock.withLock { !continuations.isEmpty || !observers.isEmpty } }

    public func cached(_ kind: TimelineKind) async -> [Post] {
        lock.withLock {
            let key = kind.key
            if let new = arrived.removeValue(forKey: key) { timelines[key] = new.reversed() + (timelines[key] ?? []) }
            return timelines[key] ?? []
        }
    }
    public func refresh(_ kind: TimelineKind) async throws -> RefreshResult { RefreshResult(newCount: 0, gap: false) }
    public func loadOlder(_ kind: TimelineKind) async throws -> Int { 0 }
    public func cachedNotifications() async -> [MicroblogNotification] { [] }
    public func refreshNotifications() async throws -> Int { 0 }
    public func readPosition(_ kind: TimelineKind) async -> String? { lock.withLock { positions[kind.key] } }
    public func markRead(_ kind: TimelineKind, postId: String) async { lock.withLock { positions[kind.key] = postId } }
    public func markNotificationsRead(upTo id: String) async { lock.withLock { positions["notifications"] = id } }
    public func digest() async -> SinceYouLeft { SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0) }
    public func setBoosted(_ boosted: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    public func setFavourited(_ favourited: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    public func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    public func delete(postId: String) async throws {}
    public func thread(id: String) async throws -> MicroblogKit.Thread { throw MicroblogError.notFound }
    public func vote(pollId: String, choices: [Int]) async throws -> Poll { throw MicroblogError.notFound }
    public func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship { Relationship(id: accountId, following: following) }
    public func relationship(accountId: String) async throws -> Relationship { Relationship(id: accountId) }
    public func page(_ kind: TimelineKind, _ page: PageRequest) async throws -> Page<Post> { try await memoryService.timeline(kind, page: page) }
    public func notificationsPage(_ page: PageRequest) async throws -> Page<MicroblogNotification> {
        try await memoryService.notifications(page: page, kinds: nil)
    }
    public func post(id: String) async throws -> Post { try await memoryService.post(id: id) }
    public func account(id: String) async throws -> Account { try await memoryService.account(id: id) }
    public func lookup(acct: String) async throws -> Account { try await memoryService.lookup(acct: acct) }
    public func followers(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await memoryService.followers(accountId: accountId, page: page)
    }
    public func following(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await memoryService.following(accountId: accountId, page: page)
    }
    public func relationships(accountIds: [String]) async throws -> [Relationship] { try await memoryService.relationships(accountIds: accountIds) }
    public func lists() async throws -> [UserList] { try await memoryService.lists() }
    public func search(_ query: String, limit: Int?) async throws -> SearchResults { try await memoryService.search(query, limit: limit) }
    public func instance() async throws -> InstanceInfo { try await memoryService.instance() }
    public func me() async throws -> Account { try await memoryService.currentAccount() }
    public func send(_ post: NewPost) async -> OutboxItem { OutboxItem(id: "outbox-1", post: post, state: .queued, createdAt: PostFactory.now) }
    public func outbox() async -> [OutboxItem] { [] }
    public func retry(outboxId: String) async {}
    public func discard(outboxId: String) async {}
    public func saveDraft(_ draft: Draft) async { lock.withLock { drafts[draft.key] = draft } }
    public func draft(key: String) async -> Draft? { lock.withLock { drafts[key] } }
    public func removeDraft(key: String) async { lock.withLock { drafts[key] = nil } }
    public func flushDrafts() async {}
    public func events() async -> AsyncStream<EngineEvent> {
        let (stream, continuation) = AsyncStream<EngineEvent>.makeStream()
        lock.withLock { continuations.append(continuation) }
        return stream
    }
    public func observe(_ observer: @escaping @Sendable (EngineEvent) -> Void) {
        lock.withLock { observers.append(observer) }
    }
    /// Memory never goes offline.
    public func startLive() async {}
    public func stop() async {
        for continuation in lock.withLock({ continuations }) { continuation.finish() }
    }
}
