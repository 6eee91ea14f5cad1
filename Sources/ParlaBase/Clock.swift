import Foundation

/// A monotonic source of time, injected wherever behaviour depends on time.
///
/// Dwell timers, keypad commits, speech pacing and rate-limit windows read time only
/// through this protocol, so tests advance a ``ManualClock`` instead of sleeping.
public protocol TickClock: Sendable {
    /// The time elapsed since the clock's own origin.
    func now() -> Duration
}

/// The real monotonic clock (CLOCK_MONOTONIC), with its origin at creation.
public struct SystemClock: TickClock {
    private let origin: ContinuousClock.Instant

    /// Creates a clock whose origin is now.
    public init() { origin = ContinuousClock.now }

    public func now() -> Duration { ContinuousClock.now - origin }
}

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

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    public var milliseconds: Int64 {
        let c = components
        return c.seconds * 1000 + c.attoseconds / 1_000_000_000_000_000
    }
}
