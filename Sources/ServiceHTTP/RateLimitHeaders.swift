import Foundation

/// What one response said about the limits: `X-RateLimit-*` and `Retry-After`.
public struct RateLimitHeaders: Sendable, Hashable {
    public var limit: Int?
    public var remaining: Int?
    public var resetAt: Date?
    /// From `Retry-After`, as a date.
    public var retryAt: Date?

    public init(limit: Int? = nil, remaining: Int? = nil, resetAt: Date? = nil, retryAt: Date? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.resetAt = resetAt
        self.retryAt = retryAt
    }

    /// Reads the headers of a response received at `now`; unreadable values are left out.
    ///
    /// `X-RateLimit-Reset` may be ISO 8601 (Mastodon) or seconds since 1970; `Retry-After` seconds or an
    /// HTTP date.
    public init(header: (String) -> String?, now: Date) {
        limit = header("X-RateLimit-Limit").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        remaining = header("X-RateLimit-Remaining").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        resetAt = header("X-RateLimit-Reset").flatMap(Self.parseReset)
        retryAt = header("Retry-After").flatMap { Self.parseRetryAfter($0, now: now) }
    }

    /// The same headers with every date no later than `latest`.
    public func clamped(latest: Date) -> RateLimitHeaders {
        var headers = self
        headers.resetAt = resetAt.map { min($0, latest) }
        headers.retryAt = retryAt.map { min($0, latest) }
        return headers
    }

    /// Whether the response carried anything about limits.
    public var isEmpty: Bool { limit == nil && remaining == nil && resetAt == nil && retryAt == nil }

    /// An ISO 8601 date (with or without fractional seconds) or epoch seconds.
    static func parseReset(_ text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds.isFinite, seconds > 0 { return Date(timeIntervalSince1970: seconds) }
        return ISODate.parse(text)
    }

    /// Seconds to wait, or an HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`).
    static func parseRetryAfter(_ text: String, now: Date) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return now.addingTimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}

/// ISO 8601 dates as servers write them, with or without fractional seconds.
public enum ISODate {
    /// The date, or nil when the text is not ISO 8601.
    public static func parse(_ text: String) -> Date? {
        parseCommonForm(text) ?? formatters.parse(text)
    }

    /// Made once, when a date first comes in a form ``parseCommonForm(_:)`` does not read: making a
    /// formatter (ICU) cost more than half of reading a page of 40 posts.
    static let formatters = Formatters()

    /// The three forms a date comes in, used under a lock (a formatter is not safe to share between threads).
    final class Formatters: @unchecked Sendable {
        private let lock = NSLock()
        private let withFraction = ISO8601DateFormatter()
        private let plain = ISO8601DateFormatter()
        private let day = ISO8601DateFormatter()

        init() {
            withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            plain.formatOptions = [.withInternetDateTime]
            // A date alone (`2024-05-01`), as some fields carry.
            day.formatOptions = [.withFullDate]
        }

        func parse(_ text: String) -> Date? {
            lock.lock()
            defer { lock.unlock() }
            return withFraction.date(from: text) ?? plain.date(from: text) ?? day.date(from: text)
        }
    }
}
