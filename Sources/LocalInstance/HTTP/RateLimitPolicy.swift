/// How many API calls a token may make in a window, like Mastodon's `X-RateLimit-*` limits.
public struct RateLimitPolicy: Sendable, Equatable {
    /// Calls allowed per window.
    public let limit: Int
    /// The window's length.
    public let window: Duration

    /// Mastodon's default: 300 calls per 5 minutes.
    public static let mastodonDefault = RateLimitPolicy(limit: 300, window: .seconds(300))

    /// Creates a policy of `limit` calls per `window`.
    public init(limit: Int, window: Duration) {
        self.limit = limit
        self.window = window
    }

    /// Parses `N/Ws`, `N/Wm` or `N/Wh` (for example `300/300s` or `300/5m`).
    ///
    /// - Throws: ``LocalInstanceError/invalidRateLimit(_:)`` for anything else, zero included.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let limit = Int(parts[0]), limit > 0, let unit = parts[1].last else {
            throw LocalInstanceError.invalidRateLimit(text)
        }
        let multiplier: Int
        switch unit {
        case "s": multiplier = 1
        case "m": multiplier = 60
        case "h": multiplier = 3600
        default: throw LocalInstanceError.invalidRateLimit(text)
        }
        guard let amount = Int(parts[1].dropLast()), amount > 0, amount <= 86_400 * 7 / multiplier else {
            throw LocalInstanceError.invalidRateLimit(text)
        }
        self.init(limit: limit, window: .seconds(amount * multiplier))
    }
}
