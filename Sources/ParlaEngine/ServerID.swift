/// Ordering of server ids: Mastodon ids are numeric strings, so a longer id is newer and ids of the
/// same length compare as text.
public enum ServerID {
    /// A text key that sorts like the id: the id's length in four digits, then the id.
    ///
    /// SQLite compares it with a plain index, so "newest first" is `ORDER BY sort_key DESC`.
    public static func sortKey(_ id: String) -> String {
        let length = String(min(id.utf8.count, 9999))
        return String(repeating: "0", count: 4 - length.count) + length + id
    }

    /// Whether `id` is newer than `other`.
    public static func isNewer(_ id: String, than other: String) -> Bool {
        sortKey(id) > sortKey(other)
    }

    /// The newer of two ids (the first when either is nil).
    public static func newest(_ a: String?, _ b: String?) -> String? {
        guard let a else { return b }
        guard let b else { return a }
        return isNewer(b, than: a) ? b : a
    }

    /// The newest of several ids; nil when there are none.
    public static func newest(_ ids: [String]) -> String? {
        ids.max { isNewer($1, than: $0) }
    }

    /// The oldest of several ids; nil when there are none.
    public static func oldest(_ ids: [String]) -> String? {
        ids.min { isNewer($1, than: $0) }
    }
}
