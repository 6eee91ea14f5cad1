import Foundation
import GRDB
import MicroblogKit
import ParlaBase

/// Posts waiting to be published, kept in the account's cache database so none is ever lost.
///
/// ``enqueue(_:)`` stores the post with its idempotency key before any network call. The sender
/// publishes queued posts one at a time, oldest first: on success the item is removed and the post
/// goes into the cache (home timeline); on a transient error (network, 5xx, 429) it stays queued and
/// is retried after a back-off (reported once per post, not on every retry; ``resumeNow()`` ends the
/// back-off when the server is back); on a permanent error (422 …) it is marked failed with the reason and
/// kept until the user resends or discards it. An item is never sent twice at the same time; one left
/// "sending" by a crash is sent again with the same idempotency key, so the server makes one post.
public actor Outbox {
    /// What the outbox reports (published, still queued, refused).
    public typealias Observer = @Sendable (EngineEvent) -> Void

    let cache: TimelineCache
    let service: any TimelineService
    private let clock: any TickClock
    private let sleeper: any Sleeper
    private let executor: any WorkExecutor
    private let backoff: Backoff
    var observer: Observer?
    /// The item being published now (at most one).
    private var inFlight: String?
    /// The account the last post sent was written by: the user's (known here before the server is asked who they are).
    public private(set) var sentByAccountId: String?
    /// When each item may be tried again (clock time), after transient failures.
    private var notBefore: [String: Duration] = [:]
    private var consecutiveFailures = 0
    /// Items whose `postQueued` was reported: said once per item, not on every retry.
    private var announced: Set<String> = []
    /// The runner's back-off wait, cut short by ``resumeNow()``.
    private var backoffWait: Task<Void, Never>?
    private var runner: Task<Void, Never>?
    private var wake: AsyncStream<Void>.Continuation?

    /// Opens the outbox in `cache`'s database; items left "sending" by a crash become queued again.
    ///
    /// - Throws: ``MicroblogError/storage(detail:)``.
    /// - Parameter executor: where the sender and its back-off waits run (concurrently unless a test drives them).
    public init(cache: TimelineCache, service: any TimelineService, clock: any TickClock, sleeper: any Sleeper,
                executor: any WorkExecutor = ConcurrentExecutor(),
                backoff: Backoff = Backoff(base: .seconds(5), maximum: .seconds(600))) throws {
        self.cache = cache
        self.service = service
        self.clock = clock
        self.sleeper = sleeper
        self.executor = executor
        self.backoff = backoff
        try cache.write { db in
            try db.execute(sql: "UPDATE outbox SET state = 'queued' WHERE state = 'sending'")
        }
    }

    /// Sets who hears about sent, queued and failed posts.
    public func setObserver(_ observer: Observer?) {
        self.observer = observer
    }

    /// Stores a post to send; it is on disk when this returns.
    @discardableResult
    public func enqueue(_ post: NewPost) throws -> OutboxItem {
        let item = OutboxItem(id: UUID().uuidString, post: post, state: .queued, createdAt: Date())
        try cache.write { db in
            try db.execute(sql: "INSERT INTO outbox (id, json, state, attempts, created_at) VALUES (?, ?, 'queued', 0, ?)",
                           arguments: [item.id, try TimelineCache.encode(post), item.createdAt.timeIntervalSince1970])
        }
        // Behind a post waiting for the server (offline, rate limited), this one waits too, and is not tried before
        // it: said now, not after a back-off that may take minutes.
        if let waiting = try? cache.read({ db in
               try Row.fetchOne(db, sql: "SELECT * FROM outbox WHERE state = 'queued' AND id != ? ORDER BY seq LIMIT 1",
                                arguments: [item.id]).map(Self.item)
           }),
           let due = notBefore[waiting.id], clock.now() < due, let reason = waiting.lastError {
            announced.insert(item.id)
            observer?(.postQueued(outboxId: item.id, reason: reason))
        }
        wake?.yield()
        return item
    }

    /// Everything waiting or refused, oldest first.
    public func items() throws -> [OutboxItem] {
        try cache.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM outbox ORDER BY seq").map(Self.item)
        }
    }

    /// One item.
    public func item(id: String) throws -> OutboxItem? {
        try cache.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM outbox WHERE id = ?", arguments: [id]).map(Self.item)
        }
    }

    /// Makes a failed, unconfirmed or waiting item due now.
    public func retryNow(id: String) throws {
        try cache.write { db in
            try db.execute(sql: "UPDATE outbox SET state = 'queued' WHERE id = ? AND state IN ('failed', 'unconfirmed')", arguments: [id])
        }
        notBefore[id] = nil
        consecutiveFailures = 0
        wake?.yield()
    }

    /// Replaces a failed item's post (the user edited it) and queues it again; give the edited post a
    /// new idempotency key, or the server may answer with the refused original.
    public func edit(id: String, post: NewPost) throws {
        guard inFlight != id else { return }
        try cache.write { db in
            try db.execute(sql: "UPDATE outbox SET json = ?, state = 'queued', last_error = NULL WHERE id = ?",
                           arguments: [try TimelineCache.encode(post), id])
        }
        notBefore[id] = nil
        wake?.yield()
    }

    /// Removes an item the user gave up on (not while it is being sent).
    @discardableResult
    public func discard(id: String) throws -> Bool {
        guard inFlight != id else { return false }
        try cache.write { db in try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id]) }
        notBefore[id] = nil
        announced.remove(id)
        return true
    }

    /// Makes every queued item due now and wakes the sender (the server answers again).
    public func resumeNow() {
        notBefore.removeAll()
        consecutiveFailures = 0
        backoffWait?.cancel()
        wake?.yield()
    }

    /// What one attempt did.
    public enum Attempt: Sendable, Hashable {
        case sent(outboxId: String, post: Post)
        case queued(outboxId: String, reason: MicroblogError)
        case failed(outboxId: String, reason: MicroblogError)
        /// The server answered the post with something unreadable: it may be published (kept as
        /// ``OutboxItem/State/unconfirmed``).
        case unconfirmed(outboxId: String, reason: MicroblogError)
    }

    /// Whether a post the server answered with `reason` may still have been published: the answer came
    /// (no error status) but could not be read.
    public static func mayHaveBeenPublished(_ reason: MicroblogError) -> Bool {
        switch reason {
        case .malformedResponse, .tooLarge: true
        default: false
        }
    }

    /// Publishes the oldest due item once; nil when nothing is due or a send is already under way.
    ///
    /// Items are sent in order: while the oldest queued item waits for its back-off, later ones wait too
    /// (a reply must not overtake the post it answers).
    public func sendNext() async -> Attempt? {
        guard inFlight == nil else { return nil }
        guard let item = try? cache.read({ db in
            try Row.fetchOne(db, sql: "SELECT * FROM outbox WHERE state = 'queued' ORDER BY seq LIMIT 1").map(Self.item)
        }) else { return nil }
        if let due = notBefore[item.id], clock.now() < due { return nil }
        inFlight = item.id
        defer { inFlight = nil }
        do {
            try setState(item.id, .sending, attempts: item.attempts + 1, error: nil)
        } catch {
            return nil
        }
        var answered = false
        do {
            let post = try await RequestPriority.$current.withValue(.user) {
                let ready = try await upload(item)
                answered = true
                return try await service.publish(ready)
            }
            try cache.write { db in
                try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [item.id])
            }
            _ = try? cache.insert([post], into: TimelineKind.home.key)
            sentByAccountId = post.account.id
            try? cache.setOwnAccountId(post.account.id)
            notBefore[item.id] = nil
            announced.remove(item.id)
            consecutiveFailures = 0
            observer?(.postSent(outboxId: item.id, post: post))
            return .sent(outboxId: item.id, post: post)
        } catch {
            let reason = MicroblogError.wrapping(error)
            if reason.isTransient || reason == .cancelled {
                try? setState(item.id, .queued, attempts: item.attempts + 1, error: reason)
                consecutiveFailures += 1
                var wait = backoff.delay(afterFailures: consecutiveFailures)
                if case .rateLimited(let resetAt?) = reason {
                    // Any date may come from a server or the budget file: the conversion saturates.
                    wait = max(wait, .clamped(seconds: resetAt.timeIntervalSinceNow))
                }
                notBefore[item.id] = clock.now() + wait
                if reason != .cancelled, announced.insert(item.id).inserted {
                    observer?(.postQueued(outboxId: item.id, reason: reason))
                }
                return .queued(outboxId: item.id, reason: reason)
            }
            // The post was handed over and an answer came that cannot be read: it may exist.
            let unconfirmed = answered && Self.mayHaveBeenPublished(reason)
            try? setState(item.id, unconfirmed ? .unconfirmed : .failed, attempts: item.attempts + 1, error: reason)
            notBefore[item.id] = nil
            announced.remove(item.id)
            observer?(.postFailed(outboxId: item.id, reason: reason))
            return unconfirmed ? .unconfirmed(outboxId: item.id, reason: reason) : .failed(outboxId: item.id, reason: reason)
        }
    }

    /// The fate of `item`, which this process enqueued, once this process's sender has nothing more to send.
    ///
    /// Another process sharing the account may have taken it: gone from the outbox (that process sent it)
    /// or being sent now. Either way it is published once more with its idempotency key, and the server answers
    /// a repeat with the post it made, so the caller learns the post's id without a second post. A refused item
    /// is reported as refused; one still queued (waiting for an earlier post or a back-off) as nil.
    public func settle(_ item: OutboxItem) async -> Attempt? {
        guard inFlight != item.id else { return nil }
        let stored: OutboxItem?
        do {
            stored = try cache.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM outbox WHERE id = ?", arguments: [item.id]).map(Self.item)
            }
        } catch {
            return nil
        }
        switch stored?.state {
        case .queued?:
            return nil
        case .failed?:
            return .failed(outboxId: item.id, reason: stored?.lastError ?? .cancelled)
        case .unconfirmed?:
            return .unconfirmed(outboxId: item.id, reason: stored?.lastError ?? .cancelled)
        case nil, .sending?:
            do {
                let post = try await RequestPriority.$current.withValue(.user) { try await service.publish(try await upload(item)) }
                _ = try? cache.write { db in try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [item.id]) }
                _ = try? cache.insert([post], into: TimelineKind.home.key)
                sentByAccountId = post.account.id
                try? cache.setOwnAccountId(post.account.id)
            try? cache.setOwnAccountId(post.account.id)
                return .sent(outboxId: item.id, post: post)
            } catch {
                return .queued(outboxId: item.id, reason: MicroblogError.wrapping(error))
            }
        }
    }

    /// How long until the oldest queued item may be tried again; nil when nothing is queued.
    public func waitBeforeNext() throws -> Duration? {
        let first = try cache.read { db in
            try String.fetchOne(db, sql: "SELECT id FROM outbox WHERE state = 'queued' ORDER BY seq LIMIT 1")
        }
        guard let first else { return nil }
        guard let due = notBefore[first] else { return .zero }
        return max(.zero, due - clock.now())
    }

    /// Starts the sender: it sends whatever is due, sleeps through back-offs and wakes on new posts.
    public func start() {
        guard runner == nil else { return }
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        wake = continuation
        runner = executor.start { [weak self] in
            guard let self else { return }
            await self.run(wakeUps: stream)
        }
    }

    /// Stops the sender; an item being published finishes or is retried on the next start.
    public func stop() {
        runner?.cancel()
        runner = nil
        wake?.finish()
        wake = nil
    }

    private func run(wakeUps: AsyncStream<Void>) async {
        var iterator = wakeUps.makeAsyncIterator()
        while !Task.isCancelled {
            while await sendNext() != nil, !Task.isCancelled {}
            guard !Task.isCancelled else { return }
            let wait = (try? waitBeforeNext()) ?? nil
            if let wait, wait > .zero {
                let sleeper = self.sleeper
                let nap = executor.start { _ = try? await sleeper.sleep(for: wait) }
                backoffWait = nap
                await withTaskCancellationHandler { await nap.value } onCancel: { nap.cancel() }
                backoffWait = nil
            } else if wait == nil {
                guard await iterator.next() != nil else { return }
            }
        }
    }

    private func setState(_ id: String, _ state: OutboxItem.State, attempts: Int, error: MicroblogError?) throws {
        try cache.write { db in
            try db.execute(sql: "UPDATE outbox SET state = ?, attempts = ?, last_error = ? WHERE id = ?",
                           arguments: [state.rawValue, attempts, try error.map { try TimelineCache.encode(StoredError($0)) }, id])
        }
    }

    private static func item(_ row: Row) throws -> OutboxItem {
        let post = try TimelineCache.decode(NewPost.self, row["json"])
        let error = try (row["last_error"] as Data?).map { try TimelineCache.decode(StoredError.self, $0).error }
        return OutboxItem(
            id: row["id"], post: post, state: OutboxItem.State(rawValue: row["state"]) ?? .queued, attempts: row["attempts"],
            lastError: error, createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}
