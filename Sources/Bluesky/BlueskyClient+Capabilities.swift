import MicroblogKit

extension BlueskyClient {
    /// What Bluesky has (``NetworkCapabilities/bluesky``): public posts of 300 graphemes, four images with alt
    /// text, quotes, custom feeds, direct messages through chat, no polls, edits, scheduling or content warnings.
    public var capabilities: NetworkCapabilities { .bluesky }
}
