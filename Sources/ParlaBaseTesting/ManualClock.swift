import Foundation
import ParlaBase

/// A clock that moves only when told to; for tests and deterministic benchmarks.
public final class ManualClock: TickClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Duration

    /// Creates a clock that reads `start` until advanced.
    public init(start: Duration = .zero) { current = start }

    public func now() -> Duration { lock.withLock { current } }

    /// Moves the clock forward by `step`.
    public func advance(by step: Duration) { lock.withLock { current += step } }

    /// Sets the clock to `instant`; it never moves backwards.
    public func set(_ instant: Duration) { lock.withLock { current = max(current, instant) } }
}
