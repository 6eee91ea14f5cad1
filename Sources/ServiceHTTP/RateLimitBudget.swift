import Foundation
import MicroblogKit
import ParlaBase

/// Spends a server's rate limit wisely: the user's own actions first, background work paced, and never
/// a call the server would refuse.
///
/// Call ``acquire(priority:family:maxWait:)`` before each request and ``record(_:status:family:)`` with
/// each answer. The budget learns the limit from `X-RateLimit-*` and `Retry-After`, keeps a reserve
/// (10 % of the limit by default) that only ``RequestPriority/user`` may spend, spreads background calls
/// over the time left in the window, and when the window is spent sends nothing until it resets. Give
/// every process that uses one account the same `stateFile`: they then share one budget.
///
/// Wall time comes from `now` and waiting from `sleeper`, so tests drive both by hand.
public actor RateLimitBudget {
    /// The share of the limit kept for the user's own actions.
    public nonisolated let reserveFraction: Double
    /// How long to wait when the server refused without saying until when.
    public nonisolated let fallbackWait: TimeInterval
    /// Extra time after a reset before calling again, for clocks that disagree a little.
    public nonisolated let resetMargin: TimeInterval
    /// The longest a server may make Parla wait: a `Retry-After` or `X-RateLimit-Reset` further away
    /// (ten years, the year 2125) is cut to this, so one answer cannot lock an account out for good.
    public nonisolated let longestWait: TimeInterval

    private let store: BudgetStateStore
    /// The wall clock the budget reads.
    public nonisolated let now: @Sendable () -> Date
    private let sleeper: any Sleeper
    private var queued: [RateLimitFamily: [RequestPriority: Int]] = [:]

    /// Creates a budget.
    ///
    /// - Parameters:
    ///   - stateFile: the JSON file shared with other processes of the same account; nil keeps it in memory.
    ///   - reserveFraction: the share of the limit only the user's own actions may spend.
    ///   - now: the wall clock.
    ///   - sleeper: how waiting is done.
    public init(
        stateFile: URL? = nil, reserveFraction: Double = 0.1, fallbackWait: TimeInterval = 60, resetMargin: TimeInterval = 1,
        longestWait: TimeInterval = 86_400, now: @escaping @Sendable () -> Date = { Date() }, sleeper: any Sleeper = TaskSleeper()
    ) {
        self.longestWait = longestWait
        store = BudgetStateStore(url: stateFile)
        self.reserveFraction = min(max(reserveFraction, 0), 0.9)
        self.fallbackWait = fallbackWait
        self.resetMargin = resetMargin
        self.now = now
        self.sleeper = sleeper
    }

    /// Waits until a call at `priority` may go out and counts it as spent.
    ///
    /// - Throws: ``MicroblogError/rateLimited(resetAt:)`` when that would take longer than `maxWait`;
    ///   `CancellationError` when the task is cancelled while waiting.
    public func acquire(
        priority: RequestPriority = RequestPriority.current, family: RateLimitFamily = .general, maxWait: Duration = .seconds(10)
    ) async throws {
        let deadline = now().addingTimeInterval(Double(maxWait.milliseconds) / 1000)
        var waited = false
        while true {
            try Task.checkCancellation()
            if waited { await letHigherPrioritiesFirst(priority, family: family) }
            let decision = try store.update { state -> Decision in
                var bucket = state[family]
                let decision = decide(&bucket, priority: priority, at: now())
                state[family] = bucket
                return decision
            }
            guard case .wait(let until, let resetAt) = decision else { return }
            if until > deadline { throw MicroblogError.rateLimited(resetAt: resetAt ?? until) }
            let seconds = max(until.timeIntervalSince(now()), 0.001)
            queued[family, default: [:]][priority, default: 0] += 1
            defer { queued[family, default: [:]][priority, default: 0] -= 1 }
            try await sleeper.sleep(for: .clamped(seconds: seconds))
            waited = true
        }
    }

    /// Learns from one answer; a 429 spends the window until its reset.
    public func record(_ headers: RateLimitHeaders, status: Int, family: RateLimitFamily = .general) {
        let now = now()
        let fallback = fallbackWait
        let latest = now.addingTimeInterval(longestWait)
        let headers = headers.clamped(latest: latest)
        _ = try? store.update { state in
            var bucket = state[family]
            // A stored wait from before the clamp (or from a clock set far ahead) is cut too.
            if let reset = bucket.resetAt, reset > latest { bucket.resetAt = latest }
            if (200..<300).contains(status), bucket.remaining == 0, let reset = bucket.resetAt, reset.timeIntervalSince(now) > 3600 {
                // The server answered after asking for a wait of hours: that wait is over.
                bucket.remaining = nil
                bucket.resetAt = nil
                bucket.unknownSpent = nil
            }
            if let limit = headers.limit, limit > 0 { bucket.limit = limit }
            if let remaining = headers.remaining {
                if bucket.remaining == nil {
                    // The first answer: calls sent meanwhile by this or other processes may not be counted yet.
                    bucket.remaining = max(remaining - max((bucket.unknownSpent ?? 1) - 1, 0), 0)
                    bucket.unknownSpent = nil
                } else if let old = bucket.resetAt, let new = headers.resetAt, new.timeIntervalSince(old) > 1 {
                    bucket.remaining = remaining
                } else {
                    bucket.remaining = min(remaining, bucket.remaining ?? remaining)
                }
            }
            if let reset = headers.resetAt { bucket.resetAt = reset }
            if status == 429 {
                bucket.remaining = 0
                let until = [headers.resetAt, headers.retryAt].compactMap { $0 }.max() ?? now.addingTimeInterval(fallback)
                bucket.resetAt = max(until, now)
            }
            state[family] = bucket
        }
    }

    /// Forgets a spent window: the user chose to try now rather than wait. The next answer teaches the
    /// budget again.
    public func clear(family: RateLimitFamily = .general) {
        _ = try? store.update { state in
            state[family] = BucketState(limit: state[family].limit)
        }
    }

    /// Gives back a call that never reached the server (the connection could not be made).
    public func refund(family: RateLimitFamily = .general) {
        _ = try? store.update { state in
            var bucket = state[family]
            if let remaining = bucket.remaining { bucket.remaining = min(remaining + 1, bucket.limit ?? remaining + 1) }
            state[family] = bucket
        }
    }

    /// The bucket as it stands now.
    public func snapshot(family: RateLimitFamily = .general) -> BudgetSnapshot {
        let at = now()
        let bucket = (try? store.update { state -> BucketState in
            var bucket = state[family]
            expire(&bucket, at: at)
            return bucket
        }) ?? BucketState()
        return BudgetSnapshot(
            family: family, limit: bucket.limit, remaining: bucket.remaining, resetAt: bucket.resetAt,
            reserve: bucket.limit.map(reserve(for:)) ?? 0, queued: (queued[family] ?? [:]).filter { $0.value > 0 })
    }

    /// The number of calls held back for the user in a window of `limit`.
    public nonisolated func reserve(for limit: Int) -> Int {
        Int((Double(limit) * reserveFraction).rounded(.up))
    }

    // MARK: Deciding

    enum Decision: Sendable {
        case go
        case wait(until: Date, resetAt: Date?)
    }

    private func expire(_ bucket: inout BucketState, at now: Date) {
        if let reset = bucket.resetAt, now >= reset.addingTimeInterval(resetMargin) {
            bucket.remaining = bucket.limit
            bucket.resetAt = nil
            bucket.lastPacedAt = nil
        }
    }

    private func decide(_ bucket: inout BucketState, priority: RequestPriority, at now: Date) -> Decision {
        // A budget file written before waits were clamped may hold a reset centuries away.
        if let reset = bucket.resetAt, reset > now.addingTimeInterval(longestWait) { bucket.resetAt = now.addingTimeInterval(longestWait) }
        expire(&bucket, at: now)
        guard let remaining = bucket.remaining else {
            bucket.unknownSpent = (bucket.unknownSpent ?? 0) + 1
            return .go
        }
        let limit = bucket.limit ?? max(remaining, 1)
        let held = priority == .user ? 0 : reserve(for: limit)
        let available = remaining - held
        let resetAt = bucket.resetAt
        guard available > 0 else {
            let until = resetAt.map { $0.addingTimeInterval(resetMargin) } ?? now.addingTimeInterval(fallbackWait)
            return .wait(until: until, resetAt: resetAt ?? until)
        }
        if priority == .background, let resetAt {
            let interval = max(resetAt.timeIntervalSince(now), 0) / Double(available)
            if let last = bucket.lastPacedAt, now < last.addingTimeInterval(interval) {
                return .wait(until: last.addingTimeInterval(interval), resetAt: nil)
            }
            bucket.lastPacedAt = now
        }
        bucket.remaining = remaining - 1
        return .go
    }

    /// After a wait, lets requests of higher priority that woke at the same moment go first.
    private func letHigherPrioritiesFirst(_ priority: RequestPriority, family: RateLimitFamily) async {
        for _ in 0..<8 {
            let higher = (queued[family] ?? [:]).contains { $0.key > priority && $0.value > 0 }
            guard higher else { return }
            await Task.yield()
        }
    }
}
