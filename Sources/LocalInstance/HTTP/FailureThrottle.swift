import Foundation

/// Counts failed attempts per caller (wrong admin secrets) and shuts a caller out for the rest of a window
/// once it has failed ``limit`` times in it, so a secret cannot be guessed at the speed of the network.
///
/// A window opens with a caller's first failure and lasts ``window``; time comes from the injected clock.
final class FailureThrottle: Sendable {
    /// Failures allowed per caller and window.
    let limit: Int
    /// How long a window lasts.
    let window: Duration
    private let clock: InstanceClock
    private let failures = LockedBox<[String: (start: Duration, count: Int)]>([:])

    init(limit: Int, window: Duration, clock: InstanceClock) {
        self.limit = limit
        self.window = window
        self.clock = clock
    }

    /// How long `caller` must wait before trying again, or nil when it may try now.
    func retryAfter(_ caller: String) -> Duration? {
        let now = clock.tick.now()
        return failures.withValue { table in
            guard let entry = table[caller] else { return nil }
            let end = entry.start + window
            if now >= end {
                table[caller] = nil
                return nil
            }
            return entry.count >= limit ? end - now : nil
        }
    }

    /// Counts one failure of `caller`.
    func recordFailure(_ caller: String) {
        let now = clock.tick.now()
        let window = self.window
        failures.withValue { table in
            // Ended windows go first, so the table holds only callers who failed within the last window.
            if table.count > 1_000 { table = table.filter { now - $0.value.start < window } }
            var entry = table[caller] ?? (start: now, count: 0)
            if now - entry.start >= window { entry = (start: now, count: 0) }
            entry.count += 1
            table[caller] = entry
        }
    }
}
