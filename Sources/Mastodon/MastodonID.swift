/// How Mastodon orders its own ids: numeric strings (snowflakes), so a longer id is newer and ids of the
/// same length compare as text. Only this module orders them; the rest of Parla keeps the server's order.
public enum MastodonID {
    /// Whether `id` is newer than `other`.
    public static func isNewer(_ id: String, than other: String) -> Bool {
        id.utf8.count != other.utf8.count ? id.utf8.count > other.utf8.count : id > other
    }
}
