/// Which bucket of the server's limits a call spends from.
public enum RateLimitFamily: String, Codable, Sendable, Hashable, CaseIterable {
    /// Every API call (Mastodon: 300 per 5 minutes).
    case general
    /// Media uploads (Mastodon: 30 per 30 minutes).
    case media
}
