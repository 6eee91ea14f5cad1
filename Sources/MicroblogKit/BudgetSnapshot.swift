import Foundation
import ParlaBase

/// The state of one rate-limit bucket, for the status line and the "since you left" digest.
public struct BudgetSnapshot: Sendable, Hashable, Codable {
    public var family: RateLimitFamily
    /// Calls allowed per window; nil until a server said.
    public var limit: Int?
    /// Calls left in this window; nil until a server said.
    public var remaining: Int?
    /// When the window resets; nil when not known.
    public var resetAt: Date?
    /// The calls held back for the user's own actions.
    public var reserve: Int
    /// Requests waiting now, by priority.
    public var queued: [RequestPriority: Int]

    public init(
        family: RateLimitFamily, limit: Int?, remaining: Int?, resetAt: Date?, reserve: Int,
        queued: [RequestPriority: Int] = [:]
    ) {
        self.family = family
        self.limit = limit
        self.remaining = remaining
        self.resetAt = resetAt
        self.reserve = reserve
        self.queued = queued
    }

    /// All requests waiting now.
    public var queuedTotal: Int { queued.values.reduce(0, +) }

    /// "240 calls left, resets at 14:05." (or "Calls left: not known yet.") in the localizer's language; given
    /// `now`, a reset on another day is said with its date.
    public func message(_ localizer: Localizer, timeZone: TimeZone = .current, now: Date? = nil) -> String {
        guard let remaining else { return localizer.string("engine.budget.unknown") }
        guard let resetAt else { return localizer.string("engine.budget.left", ["count": String(remaining)]) }
        return localizer.string("engine.budget.left-until", [
            "count": String(remaining), "time": MicroblogError.clockTime(resetAt, now: now, timeZone: timeZone, localizer: localizer),
        ])
    }
}
