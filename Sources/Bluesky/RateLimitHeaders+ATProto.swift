import Foundation
import ServiceHTTP

extension RateLimitHeaders {
    /// Reads Bluesky's limits: `RateLimit-Limit`, `-Remaining`, `-Reset` (seconds since 1970, not Mastodon's
    /// ISO date) and `Retry-After` (seconds, or an HTTP date). Unreadable values are left out.
    init(atprotoHeader header: (String) -> String?, now: Date) {
        func number(_ name: String) -> Int? { header(name).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        let reset = header("RateLimit-Reset").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { $0.isFinite && $0 > 0 ? Date(timeIntervalSince1970: $0) : nil }
        // Retry-After is read as Mastodon's client reads it; only its name is shared.
        let retry = RateLimitHeaders(header: { $0 == "Retry-After" ? header("Retry-After") : nil }, now: now).retryAt
        self.init(limit: number("RateLimit-Limit"), remaining: number("RateLimit-Remaining"), resetAt: reset, retryAt: retry)
    }

    /// The window of `RateLimit-Policy: 3000;w=300`, in seconds; nil when the header is missing or unreadable.
    static func policyWindow(_ header: (String) -> String?) -> TimeInterval? {
        guard let policy = header("RateLimit-Policy") else { return nil }
        for part in policy.split(separator: ";").dropFirst() {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == "w", let seconds = TimeInterval(pair[1]) { return seconds }
        }
        return nil
    }
}
