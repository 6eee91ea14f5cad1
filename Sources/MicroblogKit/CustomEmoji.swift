/// A server's own emoji, written `:shortcode:` in names and posts.
public struct CustomEmoji: Codable, Hashable, Sendable {
    /// Without colons: `blob_cat`.
    public var shortcode: String
    /// The address of its picture; nil when the network gave none.
    public var url: String?

    public init(shortcode: String, url: String? = nil) {
        self.shortcode = shortcode
        self.url = url
    }
}
