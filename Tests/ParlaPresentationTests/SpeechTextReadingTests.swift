import Foundation
import Mastodon
import MicroblogKit
import ParlaPresentation
import TestSupport
import Testing

/// A post whole, as the reader shows it (issue 16, item 3): every part from the template variables, in
/// segments by language.
@Suite struct SpeechTextReadingTests {
    let now = Date(timeIntervalSince1970: 1_772_366_400)
    let ana = Account(id: "1", acct: "ana", username: "ana", displayName: "Ana García")
    let bea = Account(id: "2", acct: "bea@example.org", username: "bea", displayName: "Bea")

    @Test func aBoostedReplyWithALinkPreviewAndSensitiveMedia() {
        let original = Post(
            id: "2", createdAt: now.addingTimeInterval(-90), account: bea,
            content: RichText(html: "<p>@ana Mira <a href=\"https://example.com/a\">esto</a>.</p>"), sensitive: true, language: "es",
            inReplyToId: "1", inReplyToAccountId: "1",
            media: [MediaAttachment(id: "m", kind: .image, description: "Un gato")],
            mentions: [Mention(id: "1", username: "ana", acct: "ana")], editedAt: now,
            card: LinkCard(url: "https://news.example.net/story", title: "Historia", providerName: "Noticias"))
        let boost = Post(id: "3", createdAt: now, account: ana, content: .empty, reblog: original)
        let reading = SpeechText(localizer: TestLocalization.localizer(.english)).reading(boost, now: now)
        #expect(reading.map(\.text).joined() == """
            Ana García boosted
            Bea @bea@example.org, replying to @ana
            1 minute ago, edited · Spanish (Español) · public

            @ana Mira esto.

            [Link: Historia, Noticias]

            [Sensitive media, 1 attachment]

            Links:
            https://example.com/a
            https://news.example.net/story
            """)
        // The author's words in Spanish; the interface's around them in English (nil).
        #expect(reading.filter { $0.language == "es" }.map(\.text) == ["@ana Mira esto.", "Historia"])
    }
}
