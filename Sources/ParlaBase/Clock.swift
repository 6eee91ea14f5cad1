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

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    public var milliseconds: Int64 {
        let c = components
        return c.seconds * 1000 + c.attoseconds / 1_000_000_000_000_000
    }
}
