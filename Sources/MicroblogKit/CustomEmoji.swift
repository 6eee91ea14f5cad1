/// A server's own emoji, written `:shortcode:` in names and posts.
public struct CustomEmoji: Codable, Hashable, Sendable {
    /// Without colons: `blob_cat`.
    public var shortcode: String

    public init(shortcode: String) {
        self.shortcode = shortcode
    }

}
