import Foundation
import MicroblogKit

/// The one in-memory account engine of the tests and the benchmark: a cache of timelines, read
/// positions, drafts and relationships over a ``ScriptedService``; no network, no database; the
/// calls that matter to a screen are recorded in ``calls``.
///
/// The app reads the cache as it would from `ParlaEngine.Engine`'s SQLite cache; ``arrive(_:in:)`` adds
/// posts and emits `newPosts` as the engine does for each post its stream pushes; ``willBring(_:to:)``
/// scripts the next refresh and ``refreshError`` makes refreshes fail. Like the engine, it says `offline` once
/// after a refresh fails with a transient error and `online` on the first success after it, and tells the
/// screens of a changed or deleted post (`postUpdated`, `postDeleted`).
public final class MemoryAccountEngine: AccountEngine, @unchecked Sendable {
    let lock = NSLock()
    /// The service behind the engine (who the user is, the instance, profiles and followers).
    public let scripted: ScriptedService
    var timelines: [String: [Post]]
    /// Posts that arrived since, oldest first (appending is O(1); a read puts them on top).
    private var arrived: [String: [Post]] = [:]
    private var fresh: [String: [Post]] = [:]
    private var positions: [String: String] = [:]
    private var drafts: [String: Draft] = [:]
    var relationships: [String: Relationship] = [:]
    private var recorded: [String] = []
    private var sentPosts: [NewPost] = []
    private var queued: [OutboxItem] = []
    /// The reminders kept (in memory: a new app on the same engine is a restart).
    let reminderBox = LockedValue<[Reminder]>([])
    /// The attachments' files, sizes and recognised texts (``MemoryMedia``).
    public let media = LockedValue(MemoryMedia())
    private var continuations: [AsyncStream<EngineEvent>.Continuation] = []
    private var observers: [@Sendable (EngineEvent) -> Void] = []
    /// Whether the server is away, as the engine judges it: here by the outcome of refreshes.
    private var isOffline = false

    /// When set, every refresh throws it (after ``beforeRefreshFails`` returns).
    public var refreshError: MicroblogError?
    /// Called before ``refreshError`` is thrown; the refresh fails once it returns.
    public var beforeRefreshFails: (@Sendable () async -> Void)?
    /// When set, boosting, favouriting and bookmarking throw it (after ``beforeAction`` returns) and change nothing.
    public var actionError: MicroblogError?
    /// Called before a boost, favourite, bookmark or follow is answered (a test holds the answer back with it).
    public var beforeAction: (@Sendable () async -> Void)?
    /// Whether a change to a post is told to the screens (`postUpdated`, `postDeleted`), as the engine does.
    public var tellsChanges = true
    /// What ``thread(id:)`` answers, by the id asked for (not found otherwise).
    public var threads: [String: MicroblogKit.Thread] {
        get { lock.withLock { threadValues } }
        set { lock.withLock { threadValues = newValue } }
    }
    private var threadValues: [String: MicroblogKit.Thread] = [:]
    /// What ``digest()`` answers.
    public var digestValue = SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0)
    /// What ``budget()`` answers.
    public var budgetValue: BudgetSnapshot? {
        get { lock.withLock { budgetNow } }
        set { lock.withLock { budgetNow = newValue } }
    }
    private var budgetNow: BudgetSnapshot?
    /// What ``cachedNotifications()`` answers.
    public var notificationsValue: [MicroblogNotification] = []
    /// The relationship with an account nobody followed or unfollowed here.
    public var unknownRelationship: @Sendable (String) -> Relationship = { Relationship(id: $0) }
    /// The date queued posts carry.
    public var now = Date(timeIntervalSince1970: 1_772_366_400)

    /// - Parameters:
    ///   - timelines: the cache, by `TimelineKind.key`, newest first.
    ///   - service: the service behind it.
    public init(timelines: [String: [Post]], service: ScriptedService = ScriptedService()) {
        self.timelines = timelines
        scripted = service
    }

    /// What the network has: the scripted service's (``ScriptedService/setCapabilities(_:)``).
    public var capabilities: NetworkCapabilities { scripted.capabilities }

    /// Runs one call of the scripted service (the calls that only pass through, as the engine's do).
    public func serve<T: Sendable>(_ call: @Sendable (any TimelineService) async throws -> T) async throws -> T {
        try await call(scripted)
    }

    // MARK: Scripting and what was recorded

    /// The calls a screen made that change something or go to the network, in order
    /// (`refresh home`, `boost 12 true`, `send`, `start live` …).
    public var calls: [String] { lock.withLock { recorded } }

    /// The posts handed to ``send(_:)``, in order.
    public var sent: [NewPost] { lock.withLock { sentPosts } }

    /// What waits in the outbox (``outbox()``); ``discard(outboxId:)`` removes an item, ``retry(outboxId:)``
    /// is recorded as `retry <id>` and leaves it.
    public var outboxItems: [OutboxItem] {
        get { lock.withLock { queued } }
        set { lock.withLock { queued = newValue } }
    }

    /// The drafts saved now, by key.
    public var savedDrafts: [String: Draft] { lock.withLock { drafts } }

    /// Whether anyone listens to events yet.
    public var listening: Bool { lock.withLock { !continuations.isEmpty || !observers.isEmpty } }

    /// Replaces the cached posts of `key`.
    public func setCached(_ posts: [Post], in key: String) {
        lock.withLock {
            arrived[key] = nil
            timelines[key] = posts
        }
    }

    /// Posts the next refresh of `key` brings.
    public func willBring(_ posts: [Post], to key: String) { lock.withLock { fresh[key] = posts } }

    /// Adds posts on top of a timeline and emits one `newPosts` event, as the engine does for a streamed post.
    public func arrive(_ posts: [Post], in key: String) {
        lock.withLock { arrived[key, default: []].append(contentsOf: posts.reversed()) }
        emit(.newPosts(timeline: key, count: posts.count))
    }

    /// Sets the reading position of a timeline (where the app opens it).
    public func setReadPosition(_ id: String, in key: String) { lock.withLock { positions[key] = id } }

    /// Hands an event to every listener (an `offline` or `online` event also sets whether the server is away).
    public func emit(_ event: EngineEvent) {
        if case .offline = event { lock.withLock { isOffline = true } }
        if case .online = event { lock.withLock { isOffline = false } }
        for continuation in lock.withLock({ continuations }) { continuation.yield(event) }
        for observer in lock.withLock({ observers }) { observer(event) }
    }

    /// Says `offline` once after a transient failure and `online` once on the first success after it,
    /// as the engine does for every call (here: refreshes).
    private func reached(_ failure: MicroblogError?) {
        let wasOffline = lock.withLock { isOffline }
        if let failure, failure.isTransient, !wasOffline { emit(.offline(failure)) }
        if failure == nil, wasOffline { emit(.online) }
    }

    func record(_ call: String) { lock.withLock { recorded.append(call) } }

    /// The timeline with the arrived posts on top (call with the lock held).
    func current(_ key: String) -> [Post] {
        // In place: a timeline of 100 000 posts is not made again for each post that arrives.
        if let new = arrived.removeValue(forKey: key) { timelines[key, default: []].insert(contentsOf: new.reversed(), at: 0) }
        return timelines[key] ?? []
    }

    // MARK: AccountEngine

    public func cached(_ kind: TimelineKind) async -> [Post] { lock.withLock { current(kind.key) } }

    public func refresh(_ kind: TimelineKind) async throws -> RefreshResult {
        record("refresh \(kind.key)")
        if let refreshError {
            await beforeRefreshFails?()
            reached(refreshError)
            throw refreshError
        }
        reached(nil)
        let new = lock.withLock { () -> [Post] in
            let new = fresh.removeValue(forKey: kind.key) ?? []
            timelines[kind.key] = new + current(kind.key)
            return new
        }
        return RefreshResult(newCount: new.count, gap: false)
    }

    public func loadOlder(_ kind: TimelineKind) async throws -> Int { 0 }
    public func cachedNotifications() async -> [MicroblogNotification] { notificationsValue }
    public func refreshNotifications() async throws -> Int { 0 }
    public func readPosition(_ kind: TimelineKind) async -> String? { lock.withLock { positions[kind.key] } }
    public func markRead(_ kind: TimelineKind, postId: String) async { lock.withLock { positions[kind.key] = postId } }

    public func notificationsReadPosition() async -> String? { lock.withLock { positions["notifications"] } }

    public func markNotificationsRead(upTo id: String) async {
        record("notifications read \(id)")
        lock.withLock { positions["notifications"] = id }
    }

    /// Which timelines were open, as the app last saved them (not recorded among ``calls``: it is no request).
    public var savedOpenTimelines: OpenTimelines? {
        get { lock.withLock { openTimelinesValue } }
        set { lock.withLock { openTimelinesValue = newValue } }
    }
    private var openTimelinesValue: OpenTimelines?
    public func openTimelines() async -> OpenTimelines? { savedOpenTimelines }
    public func saveOpenTimelines(_ timelines: OpenTimelines) async { savedOpenTimelines = timelines }

    public func digest() async -> SinceYouLeft { digestValue }
    public func budget() async -> BudgetSnapshot? { budgetValue }
    /// Records the call and forgets the spent window, as the client's budget does.
    public func forgetBudgetWait() async {
        record("forget budget wait")
        if let value = budgetValue { budgetValue = BudgetSnapshot(family: value.family, limit: value.limit, remaining: nil, resetAt: nil, reserve: value.reserve) }
    }

    /// Boosts the post in the cache and tells the screens, as the engine does.
    public func setBoosted(_ boosted: Bool, postId: String) async throws -> Post {
        record("boost \(postId) \(boosted)")
        return try await change(postId) {
            $0.reblogged = boosted
            $0.reblogsCount += boosted ? 1 : -1
        }
    }

    /// Favourites the post in the cache and tells the screens, as the engine does.
    public func setFavourited(_ favourited: Bool, postId: String) async throws -> Post {
        record("favourite \(postId) \(favourited)")
        return try await change(postId) {
            $0.favourited = favourited
            $0.favouritesCount += favourited ? 1 : -1
        }
    }

    /// Bookmarks the post in the cache and tells the screens, as the engine does.
    public func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post {
        record("bookmark \(postId) \(bookmarked)")
        return try await change(postId) { $0.bookmarked = bookmarked }
    }

    /// Changes a cached post (or fails with ``actionError``, changing nothing) and tells the screens.
    func change(_ postId: String, _ edit: @Sendable (inout Post) -> Void) async throws -> Post {
        await beforeAction?()
        if let actionError = lock.withLock({ self.actionError }) { throw actionError }
        let changed = try lock.withLock { () throws -> Post in
            guard var found = Array(timelines.keys).flatMap({ current($0) }).first(where: { $0.id == postId }) else {
                throw MicroblogError.notFound
            }
            edit(&found)
            for (key, posts) in timelines { timelines[key] = posts.map { $0.id == postId ? found : $0 } }
            return found
        }
        if tellsChanges { emit(.postUpdated(changed)) }
        return changed
    }

    /// Removes the post from the cache and tells the screens, as the engine does.
    @discardableResult
    public func delete(postId: String) async throws -> Post? {
        record("delete \(postId)")
        let deleted = lock.withLock { () -> Post? in
            let found = timelines.values.lazy.flatMap { $0 }.first { $0.id == postId }
            for key in Array(timelines.keys) { timelines[key] = current(key).filter { $0.id != postId } }
            return found
        }
        if tellsChanges { emit(.postDeleted(id: postId)) }
        return deleted
    }

    public func thread(id: String) async throws -> MicroblogKit.Thread {
        guard let thread = lock.withLock({ threadValues[id] }) else { throw MicroblogError.notFound }
        return thread
    }
    public func vote(pollId: String, choices: [Int]) async throws -> Poll { try await scripted.vote(pollId: pollId, choices: choices) }

    public func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship {
        record("follow \(accountId) \(following)")
        await beforeAction?()
        let relationship = Relationship(id: accountId, following: following)
        lock.withLock { relationships[accountId] = relationship }
        return relationship
    }

    public func relationship(accountId: String) async throws -> Relationship {
        lock.withLock { relationships[accountId] } ?? unknownRelationship(accountId)
    }

    public func page(_ kind: TimelineKind, _ page: PageRequest) async throws -> Page<Post> { try await scripted.timeline(kind, page: page) }

    public func pageRequest(olderThan postId: String, in kind: TimelineKind) async -> PageRequest? {
        scripted.pageRequest(olderThan: postId, in: kind)
    }

    public func notificationsPageRequest(olderThan notificationId: String) async -> PageRequest? {
        scripted.notificationsPageRequest(olderThan: notificationId)
    }

    public func post(id: String) async throws -> Post { try await scripted.post(id: id) }

    public func relationships(accountIds: [String]) async throws -> [Relationship] { try await scripted.relationships(accountIds: accountIds) }
    public func instance() async throws -> InstanceInfo { try await scripted.instance() }
    public func me() async throws -> Account { try await scripted.currentAccount() }

    public func send(_ post: NewPost) async -> OutboxItem {
        record("send")
        let item = lock.withLock { () -> OutboxItem in
            sentPosts.append(post)
            let item = OutboxItem(id: "outbox-\(sentPosts.count)", post: post, state: .queued, createdAt: now)
            queued.append(item)
            return item
        }
        return item
    }

    public func outbox() async -> [OutboxItem] { outboxItems }
    public func retry(outboxId: String) async { record("retry \(outboxId)") }

    public func discard(outboxId: String) async {
        record("discard \(outboxId)")
        lock.withLock { queued.removeAll { $0.id == outboxId } }
    }

    /// The saved drafts, the most recently changed first.
    public func allDrafts() async -> [Draft] { lock.withLock { drafts.values.sorted { $0.updatedAt > $1.updatedAt } } }
    public func saveDraft(_ draft: Draft) async { lock.withLock { drafts[draft.key] = draft } }
    public func draft(key: String) async -> Draft? { lock.withLock { drafts[key] } }

    public func removeDraft(key: String) async {
        record("remove draft \(key)")
        lock.withLock { drafts[key] = nil }
    }

    public func flushDrafts() async { record("flush drafts") }

    public func events() async -> AsyncStream<EngineEvent> {
        let (stream, continuation) = AsyncStream<EngineEvent>.makeStream()
        lock.withLock { continuations.append(continuation) }
        return stream
    }

    public func observe(_ observer: @escaping @Sendable (EngineEvent) -> Void) {
        lock.withLock { observers.append(observer) }
    }

    public func startLive() async { record("start live") }
    public func stop() async { record("stop") }
}
