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

extension Duration {
    /// The longest wait Parla computes from a time a server or a file gave: a hundred years.
    public static let longestWait = Duration.seconds(100 * 365 * 86_400)

    /// `seconds` as a duration, between zero and ``longestWait``; NaN is zero.
    ///
    /// For times that come from outside (a `Retry-After` of `1e300`, a stored reset in the year 30000),
    /// where converting the raw number to integer nanoseconds or milliseconds would trap.
    public static func clamped(seconds: Double) -> Duration {
        guard seconds > 0 else { return .zero }
        let limit = Double(longestWait.components.seconds)
        guard seconds < limit else { return longestWait }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}
