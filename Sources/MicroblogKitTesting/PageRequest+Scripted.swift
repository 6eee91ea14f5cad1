import MicroblogKit

/// The scripted server's cursors: it pages as Mastodon does, by `max_id`, `since_id` and `min_id` kept
/// inside the cursor (only ``ScriptedService`` and the tests that script it read them).
extension PageRequest {
    /// A request by the scripted server's paging values (nil ones left out; none is the newest page).
    public static func scripted(maxId: String? = nil, sinceId: String? = nil, minId: String? = nil, limit: Int? = nil) -> PageRequest {
        PageRequest(parameters: [("max_id", maxId), ("since_id", sinceId), ("min_id", minId)], limit: limit)
    }
}
