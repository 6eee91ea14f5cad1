import MicroblogKit

extension RichText {
    /// The runs of a Mastodon body, bio or field value: its HTML read by ``MastodonHTML``, and each of the
    /// server's emoji written `:shortcode:` in its words made an emoji run (a shortcode the server did not
    /// list stays as written: it may be an ordinary colon).
    ///
    /// Test code of every layer builds its texts with this from a literal.
    public init(html: String, emojis: [CustomEmoji] = []) {
        self = MastodonHTML.text(html, emojis: emojis)
    }
}
