import Foundation
import MicroblogKit
import ParlaBase

/// One account's engine: the cache first, the network behind, the outbox and drafts so nothing written
/// is lost. Screens and line mode use it through ``AccountEngine``.
///
/// Start-up shows ``cached(_:)`` before any request; ``refresh(_:)`` fetches only what is newer than
/// the cache (recording a gap when a full page came back); ``startLive()`` follows the user stream or
/// polls when there is none, and reports through ``events()``.
public actor Engine: AccountEngine {
    /// Tunable pacing and page sizes.
    public struct Configuration: Sendable, Hashable {
        /// Posts asked for per timeline request (Mastodon's largest is 40).
        public var pageSize: Int
        /// Notifications per request (Mastodon's largest is 80).
        public var notificationPageSize: Int
        /// How long after the last `markRead` the server's marker is saved.
        public var markerDelay: Duration
        /// The pace of polling when the server has no stream (or it dropped).
        public var pollInterval: Duration
        /// Waits between reconnection attempts and failing polls.
        public var reconnect: Backoff
        /// At most this many pages are fetched to fill the gaps of a timeline or the notifications after a catch-up.
        public var gapFillPages: Int

        public init(
            pageSize: Int = 40, notificationPageSize: Int = 80,
            markerDelay: Duration = .seconds(5), pollInterval: Duration = .seconds(60),
            reconnect: Backoff = Backoff(base: .seconds(2), maximum: .seconds(300)), gapFillPages: Int = 5
        ) {
            self.gapFillPages = max(1, gapFillPages)
            self.pageSize = max(1, pageSize)
            self.notificationPageSize = max(1, notificationPageSize)
            self.markerDelay = markerDelay
            self.pollInterval = pollInterval
            self.reconnect = reconnect
        }
    }

    /// The timelines whose read positions the server keeps (Mastodon's markers).
    public static let syncedTimelines = ["home", "notifications"]
    /// The read-position key of the notifications list.
    public static let notificationsTimeline = TimelineCache.notificationsKey

    /// The server's API; only the engine calls it.
    nonisolated let service: any TimelineService
    /// The account's cache (also holds the outbox).
    public nonisolated let cache: TimelineCache
    public nonisolated let outboxStore: Outbox
    public nonisolated let drafts: DraftStore
    public nonisolated let configuration: Configuration
    let clock: any TickClock
    let sleeper: any Sleeper
    /// Runs the engine's own tasks (live updates, recovery, marker and draft timers).
    let executor: any WorkExecutor
    let budgetSnapshot: (@Sendable () async -> BudgetSnapshot?)?
    let budgetForget: (@Sendable () async -> Void)?
    let hub = EventHub()

    var markerTask: Task<Void, Never>?
    var draftTask: Task<Void, Never>?
    var liveTask: Task<Void, Never>?
    /// Tries the server again after a failed call while the stream is up (which sees no trouble).
    var recoveryTask: Task<Void, Never>?
    /// Whether live updates follow the server's stream now (connected and caught up), rather than polling.
    public internal(set) var isStreaming = false
    var isOffline = false
    var instanceInfo: InstanceInfo?
    var myAccount: Account?
    var relationships: [String: Relationship] = [:]

    /// Creates the engine over parts already opened.
    ///
    /// - Parameters:
    ///   - executor: where the engine's own tasks run (concurrently unless a test drives them).
    ///   - budgetSnapshot: the general rate-limit bucket now, for ``digest()``.
    ///   - forgetBudgetWait: forgets a spent window in the budget (``forgetBudgetWait()``).
    public init(
        service: any TimelineService, cache: TimelineCache, outbox: Outbox, drafts: DraftStore,
        configuration: Configuration = Configuration(), clock: any TickClock, sleeper: any Sleeper,
        executor: any WorkExecutor = ConcurrentExecutor(), budgetSnapshot: (@Sendable () async -> BudgetSnapshot?)? = nil,
        forgetBudgetWait: (@Sendable () async -> Void)? = nil
    ) async {
        self.service = service
        self.cache = cache
        self.outboxStore = outbox
        self.drafts = drafts
        self.configuration = configuration
        self.clock = clock
        self.sleeper = sleeper
        self.executor = executor
        self.budgetSnapshot = budgetSnapshot
        self.budgetForget = forgetBudgetWait
        let hub = self.hub
        await outbox.setObserver { hub.emit($0) }
    }

    /// Opens an account's folder: `cache.sqlite3` (cache and outbox) and `drafts/`.
    ///
    /// - Throws: ``MicroblogError/storage(detail:)`` when the files cannot be opened.
    public static func open(
        accountFolder: URL, service: any TimelineService, configuration: Configuration = Configuration(),
        cacheConfiguration: TimelineCache.Configuration = TimelineCache.Configuration(),
        clock: any TickClock = SystemClock(), sleeper: any Sleeper = TaskSleeper(), executor: any WorkExecutor = ConcurrentExecutor(),
        budgetSnapshot: (@Sendable () async -> BudgetSnapshot?)? = nil, forgetBudgetWait: (@Sendable () async -> Void)? = nil
    ) async throws -> Engine {
        let cache = try TimelineCache(path: accountFolder.appendingPathComponent("cache.sqlite3").path, configuration: cacheConfiguration)
        let outbox = try Outbox(cache: cache, service: service, clock: clock, sleeper: sleeper, executor: executor)
        let drafts = try DraftStore(folder: accountFolder.appendingPathComponent("drafts", isDirectory: true), clock: clock)
        return await Engine(
            service: service, cache: cache, outbox: outbox, drafts: drafts, configuration: configuration, clock: clock,
            sleeper: sleeper, executor: executor, budgetSnapshot: budgetSnapshot, forgetBudgetWait: forgetBudgetWait)
    }

    /// What the account's network has: its service's.
    public nonisolated var capabilities: NetworkCapabilities { service.capabilities }

    /// Runs one call of the service through ``reach(_:)``: offline once after a transient failure, online
    /// once on the first success after it.
    public func serve<T: Sendable>(_ call: @Sendable (any TimelineService) async throws -> T) async throws -> T {
        try await reach { try await call(service) }
    }

    // MARK: Events

    public func events() -> AsyncStream<EngineEvent> {
        hub.subscribe()
    }

    public nonisolated func observe(_ observer: @escaping @Sendable (EngineEvent) -> Void) {
        hub.observe(observer)
    }

    func emit(_ event: EngineEvent) {
        hub.emit(event)
    }

    // MARK: Timelines

    /// The newest cached posts, without those a server filter hides.
    public func cached(_ kind: TimelineKind) -> [Post] {
        ((try? cache.posts(kind.key, limit: configuration.pageSize)) ?? []).filter { !$0.isHiddenByFilter }
    }

    /// Cached posts below `olderThan` in the server's order, newest first (scrolling down without the network).
    public func cached(_ kind: TimelineKind, olderThan: String, limit: Int) -> [Post] {
        ((try? cache.posts(kind.key, limit: limit, olderThan: olderThan)) ?? []).filter { !$0.isHiddenByFilter }
    }

    /// The gaps known on a timeline, newest first.
    public func gaps(_ kind: TimelineKind) -> [TimelineCache.Gap] {
        (try? cache.gaps(kind.key)) ?? []
    }

    /// Fetches what is newer than the cache, without leaving a hole: the page just above the newest page
    /// read (by the network's cursor kept for it), and when that page is full the newest page too, recording
    /// a gap between them when they do not meet (filled by ``fillGap(_:gapId:askedByUser:)``).
    ///
    /// - Returns: how many posts were new (the user's own not counted), and whether this refresh left a gap.
    public func refresh(_ kind: TimelineKind) async throws -> RefreshResult {
        let result = try await catchUp(.posts(kind))
        return RefreshResult(newCount: result.added, gap: result.gap)
    }

    /// Fetches the page older than the oldest cached post (by the cursor the last older page gave, or the
    /// network's request below that post) and puts it below; returns how many posts came.
    public func loadOlder(_ kind: TimelineKind) async throws -> Int {
        guard try cache.oldestId(kind.key) != nil else { return try await refresh(kind).newCount }
        return try await loadOlder(.posts(kind))
    }

    /// Loads one page of a timeline's gap, from its newer edge down.
    ///
    /// - Parameters:
    ///   - askedByUser: false when the engine fills gaps on its own; those requests go at background priority.
    /// - Returns: how many posts came and whether part of the gap remains.
    public func fillGap(_ kind: TimelineKind, gapId: Int64, askedByUser: Bool = true) async throws -> RefreshResult {
        try await fillGap(.posts(kind), gapId: gapId, askedByUser: askedByUser)
    }

    // MARK: Notifications

    public func cachedNotifications() -> [MicroblogNotification] {
        (try? cache.notifications(limit: configuration.notificationPageSize)) ?? []
    }

    /// Cached notifications older than `olderThan`, newest first.
    public func cachedNotifications(olderThan: String, limit: Int) -> [MicroblogNotification] {
        (try? cache.notifications(limit: limit, olderThan: olderThan)) ?? []
    }

    /// Fetches notifications newer than the cache as ``refresh(_:)`` fetches posts: the page above the
    /// newest page read, then the newest page when that one was full, a gap recorded between them.
    public func refreshNotifications() async throws -> Int {
        try await catchUp(.notifications).added
    }

    /// Fetches the page of notifications older than the oldest cached; returns how many came.
    public func loadOlderNotifications() async throws -> Int {
        guard try cache.oldestId(Self.notificationsTimeline) != nil else { return try await refreshNotifications() }
        return try await loadOlder(.notifications)
    }

    // MARK: Outbox

    public func send(_ post: NewPost) async -> OutboxItem {
        await send(post, draftKey: Self.draftKey(for: post))
    }

    /// Queues a post and removes the draft it was written in (once the post is safely stored).
    ///
    /// When the outbox cannot store it, the returned item is `.failed` with the storage error, the
    /// draft is kept and a `postFailed` event is emitted.
    @discardableResult
    public func send(_ post: NewPost, draftKey: String?) async -> OutboxItem {
        let item: OutboxItem
        do {
            item = try await outboxStore.enqueue(post)
        } catch {
            let reason = MicroblogError.wrapping(error)
            let failed = OutboxItem(id: UUID().uuidString, post: post, state: .failed, lastError: reason, createdAt: Date())
            emit(.postFailed(outboxId: failed.id, reason: reason))
            return failed
        }
        if let draftKey { try? await drafts.remove(key: draftKey) }
        await outboxStore.start()
        return item
    }

    /// The draft key a post was most likely written under: `reply:<id>` for replies, `new` for
    /// non-direct posts; nil for direct messages (their key names the recipient: pass it explicitly).
    public static func draftKey(for post: NewPost) -> String? {
        if let reply = post.inReplyToId { return "reply:\(reply)" }
        return post.visibility == .direct ? nil : "new"
    }

    public func outbox() async -> [OutboxItem] {
        (try? await outboxStore.items()) ?? []
    }

    public func retry(outboxId: String) async {
        try? await outboxStore.retryNow(id: outboxId)
        await outboxStore.start()
    }

    public func discard(outboxId: String) async {
        _ = try? await outboxStore.discard(id: outboxId)
    }

    // MARK: Drafts

    public func saveDraft(_ draft: Draft) async {
        await drafts.save(draft)
        guard draftTask == nil else { return }
        draftTask = executor.start { await self.runDraftTimer() }
    }

    private func runDraftTimer() async {
        var failing = false
        while !Task.isCancelled {
            guard let due = await drafts.nextDue() else { break }
            let wait = due - clock.now()
            if wait > .zero {
                do { try await sleeper.sleep(for: wait) } catch { break }
            }
            do {
                try await drafts.writeDue()
                failing = false
            } catch {
                // Said once per run of failures; the draft stays in memory and is tried again.
                if !failing { emit(.draftNotSaved(MicroblogError.wrapping(error))) }
                failing = true
                do { try await sleeper.sleep(for: Self.draftRetryDelay) } catch { break }
            }
        }
        draftTask = nil
    }

    /// How long to wait before writing drafts again after a failure (a full disk, a read-only folder).
    static let draftRetryDelay: Duration = .seconds(5)

    public func draft(key: String) async -> Draft? {
        await drafts.draft(key: key)
    }

    /// Every saved draft, most recent first (restored on start).
    public func allDrafts() async -> [Draft] {
        await drafts.all()
    }

    public func removeDraft(key: String) async {
        try? await drafts.remove(key: key)
    }

    public func flushDrafts() async {
        do {
            try await drafts.flush()
        } catch {
            emit(.draftNotSaved(MicroblogError.wrapping(error)))
        }
    }

    // MARK: Lifetime

    public func stop() async {
        liveTask?.cancel()
        liveTask = nil
        recoveryTask?.cancel()
        recoveryTask = nil
        draftTask?.cancel()
        draftTask = nil
        await outboxStore.stop()
        await flushDrafts()
        if markerTask != nil {
            markerTask?.cancel()
            markerTask = nil
            await uploadMarkers()
        }
    }
}
