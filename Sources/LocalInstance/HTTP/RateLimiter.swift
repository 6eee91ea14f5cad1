import Foundation
import ParlaBase

/// Counts calls per key (token, or address when anonymous) in fixed windows.
///
/// A window opens with a key's first call and lasts ``RateLimitPolicy/window``; its reset date is
/// reported in `X-RateLimit-Reset`. Time comes from the injected clock, so tests move it by hand.
final class RateLimiter: Sendable {
    /// The outcome of one call.
    struct Decision: Sendable, Equatable {
        let allowed: Bool
        let limit: Int
        let remaining: Int
        let reset: Date
        /// The window's length in whole seconds (Bluesky's `RateLimit-Policy` names it).
        var window: Int = 0
    }

    private struct Window {
        var start: Duration
        var used: Int
    }

    private let policy: RateLimitPolicy
    private let clock: InstanceClock
    private let windows = LockedBox<(all: [String: Window], pruneAbove: Int)>(([:], RateLimiter.pruneThreshold))
    /// Past this many keys, windows that ended are dropped; the next pass waits until the table doubles,
    /// so a large table is not scanned on every request.
    static let pruneThreshold = 10_000

    init(policy: RateLimitPolicy, clock: InstanceClock) {
        self.policy = policy
        self.clock = clock
    }

    /// How many keys the table holds now.
    var keyCount: Int { windows.withValue { $0.all.count } }

    /// Counts a call for `key` and says whether it may proceed.
    func record(_ key: String) -> Decision {
        let now = clock.tick.now()
        let policy = self.policy
        let window: Window = windows.withValue { table in
            var window = table.all[key] ?? Window(start: now, used: 0)
            if now - window.start >= policy.window { window = Window(start: now, used: 0) }
            if window.used < policy.limit { window.used += 1 } else { window.used = policy.limit + 1 }
            table.all[key] = window
            if table.all.count > table.pruneAbove {
                table.all = table.all.filter { now - $0.value.start < policy.window }
                table.pruneAbove = max(Self.pruneThreshold, table.all.count * 2)
            }
            return window
        }
        let resetTick = window.start + policy.window
        let reset = clock.epoch.addingTimeInterval(Double(resetTick.milliseconds) / 1000)
        return Decision(
            allowed: window.used <= policy.limit, limit: policy.limit,
            remaining: max(0, policy.limit - window.used), reset: reset, window: Int(policy.window.components.seconds))
    }
}

/// A value behind a lock, for state shared between request handlers.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
