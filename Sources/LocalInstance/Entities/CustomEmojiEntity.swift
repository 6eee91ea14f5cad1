/// Mastodon's `CustomEmoji`: a server's own emoji, written `:shortcode:` in names and posts.
public struct CustomEmojiEntity: Encodable, Sendable {
    public var shortcode: String
    public var url: String
    public var staticUrl: String
    public var visibleInPicker: Bool
    @NullEncoded public var category: String?
}
