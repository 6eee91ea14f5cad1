import Foundation
import Mastodon
import MicroblogKit
import ParlaApp
import ParlaBase
import ParlaPresentation
import ParlaCommands
import TestSupport
import Testing

/// `parla user`: name and handle, bot, locked and moved, the bio, the fields and the counts, each once.
@Suite struct LineProfileTests {
    static let marta = Account(
        id: "7", acct: "marta", username: "marta", displayName: "Marta :blob_cat:",
        note: RichText(html: #"<p>Knits. Friend of <span class="h-card"><a href="https://other.example/@club" class="u-url mention">@<span>club</span></a></span></p>"#),
        url: "https://example.social/@marta", locked: true, bot: true, followersCount: 3, followingCount: 1, postsCount: 20,
        fields: [AccountField(name: "Pronouns", value: RichText(html: "she/her"))], moved: Account(id: "8", acct: "marta@new.example", username: "marta"),
        emojis: [CustomEmoji(shortcode: "blob_cat")])

    @Test func aProfileIsPrintedAndSaidOnce() {
        let formatter = LineFormatter(presenter: SpeechTextPresenter(), localizer: TestLocalization.localizer(.english))
        let paragraph = formatter.paragraph(Self.marta, relationship: Relationship(id: "7", followedBy: true))
        #expect(paragraph.text == """
            Marta, @marta.
            Automated account, approves followers, has moved to @marta@new.example
            Knits. Friend of @club@other.example
            Pronouns: she/her
            20 posts, 3 followers, following 1.
            They follow you.
            """)
        #expect(paragraph.spoken == "Marta, @marta. Automated account, approves followers, has moved to @marta at new.example. "
            + "Knits. Friend of @club at other.example. Pronouns: she/her. 20 posts, 3 followers, following 1. They follow you.")
    }

    /// `parla user --speak`: a bio the server gives no language for is said in the language it is written in
    /// (issue 26, item 6), the rest in the interface's voice.
    @Test func aSpanishBioIsSaidInTheSpanishVoice() {
        let lucia = Account(id: "5", acct: "lucia", username: "lucia", displayName: "Lucía Fernández",
                            note: RichText(html: "<p>Consultora de accesibilidad en Madrid. Escribo sobre diseño para todas las personas.</p>"),
                            url: "https://example.social/@lucia", followersCount: 2, followingCount: 3, postsCount: 19)
        let formatter = LineFormatter(presenter: SpeechTextPresenter(), localizer: TestLocalization.localizer(.english))
        let paragraph = formatter.paragraph(lucia, relationship: Relationship(id: "5", following: true))
        #expect(paragraph.segments == [
            SpeechText.Segment("Lucía Fernández, @lucia. "),
            SpeechText.Segment("Consultora de accesibilidad en Madrid. Escribo sobre diseño para todas las personas.", language: "es"),
            SpeechText.Segment(" 19 posts, 2 followers, following 3."),
            SpeechText.Segment(" You follow them."),
        ])
    }
}
