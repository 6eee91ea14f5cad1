/// One piece of a post's text, a bio or a profile field, as every network's module makes it.
///
/// The runs hold what the author wrote, not markup: a network's module reads its own format (Mastodon's
/// HTML, Bluesky's text and facets) into them, and presentation and speech read only them. Text may still
/// hold unsafe characters (controls, escapes): it comes from the network and is cleaned where it is shown
/// or said.
public enum TextRun: Hashable, Sendable, Codable {
    /// Plain words, white space as written (collapsed by Mastodon's HTML, kept by Bluesky).
    case text(String)
    /// A line break inside a paragraph.
    case lineBreak
    /// Between paragraphs, list blocks and quotes.
    case paragraphBreak
    /// The start of a list item: nil for a bullet, else the item's number.
    case listItem(Int?)
    /// A link: the address, the whole text written in it, and the shorter text the network shows for it
    /// (Mastodon's visible part and `…`; the whole text when the network gives no shorter one).
    case link(url: String, text: String, shown: String)
    /// A mention: the name after `@` as written (`ana`, `ana@example.org`, `ana.bsky.social`), and the
    /// address or URI that names the user on their network (a profile address, a Bluesky DID's profile).
    case mention(name: String, url: String)
    /// A hashtag, without `#`.
    case hashtag(String)
    /// A server's own emoji: its shortcode without colons (`blob_cat`) and the address of its picture
    /// (empty when the network gave none).
    case emoji(shortcode: String, url: String)
}

/// A text as runs of words, breaks, links, mentions, hashtags and custom emoji; see ``TextRun``.
public struct RichText: Hashable, Sendable, Codable {
    /// The runs in reading order; never a break first or last, never two breaks in a row.
    public var runs: [TextRun]

    /// A text of these runs, taken as they are.
    public init(_ runs: [TextRun] = []) {
        self.runs = runs
    }

    /// The text with no runs.
    public static let empty = RichText()

    /// Whether the text has no runs.
    public var isEmpty: Bool { runs.isEmpty }

    public init(from decoder: any Decoder) throws {
        runs = try decoder.singleValueContainer().decode([TextRun].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(runs)
    }
}
