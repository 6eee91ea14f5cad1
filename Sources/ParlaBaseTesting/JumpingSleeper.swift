import Foundation
import ParlaBase

/// A sleeper on virtual time that never blocks: each sleep moves its ``ManualClock`` forward by the
/// duration asked for and returns.
///
/// For scenarios and benchmarks that must run a stretch of simulated time (a rate-limit window) at full
/// speed; tests that check who waits for whom use ``ManualSleeper`` instead.
public final class JumpingSleeper: Sleeper, @unchecked Sendable {
    /// The clock that jumps.
    public let clock: ManualClock
    private let lock = NSLock()
    private var requested: [Duration] = []

    public init(clock: ManualClock) {
        self.clock = clock
    }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        lock.withLock { requested.append(duration) }
        clock.advance(by: max(duration, .zero))
        await Task.yield()
    }

    /// Every duration asked for so far, in order.
    public var requestedDurations: [Duration] { lock.withLock { requested } }
}
