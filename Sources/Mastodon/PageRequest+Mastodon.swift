import MicroblogKit

/// Mastodon's paging inside the opaque cursor: its `max_id`, `since_id` and `min_id`, as its `Link`
/// headers name them. Only this module reads them.
extension PageRequest {
    /// A request by Mastodon's paging parameters (nil ones left out; none at all is the newest page).
    public static func mastodon(maxId: String? = nil, sinceId: String? = nil, minId: String? = nil, limit: Int? = nil) -> PageRequest {
        PageRequest(parameters: [("max_id", maxId), ("since_id", sinceId), ("min_id", minId)], limit: limit)
    }

    /// Older than this id.
    public var maxId: String? { parameter("max_id") }
    /// Newer than this id, newest first (may leave a gap).
    public var sinceId: String? { parameter("since_id") }
    /// Immediately newer than this id, oldest first (no gap).
    public var minId: String? { parameter("min_id") }
}
