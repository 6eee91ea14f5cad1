import Foundation
import Mastodon
import MicroblogKit
import ParlaCommands
import ParlaPresentation
import TestSupport
import Testing

/// Line mode prints a post whole (issue 16, item 3): a 500-character post is never cut with "...", nor wrapped.
@Suite struct LineWholePostTests {
    static let body = "I spent the whole weekend at the lake with my sister and our old dog. The water was cold, the sky was clear "
        + "and the bread from the village bakery was still warm when we ate it on the pier. Nobody checked their phone for two days. "
        + "We talked about our grandmother, who taught us both to swim in that same lake, and about whether we should rent the cabin "
        + "again next summer. My sister says yes, the dog says nothing, and I think we should go in June when the water is warmer. We could even bring a canoe."

    @Test func aFiveHundredCharacterPostIsPrintedWhole() {
        #expect(Self.body.count == 500)
        let now = Date(timeIntervalSince1970: 1_772_366_400)
        let post = Post(id: "77", createdAt: now.addingTimeInterval(-7200),
                        account: Account(id: "1", acct: "ana", username: "ana", displayName: "Ana García"),
                        content: RichText(html: "<p>" + Self.body + "</p>"), language: "en")
        let formatter = LineFormatter(presenter: SpeechTextPresenter(), localizer: TestLocalization.localizer(.english), now: now)
        let printed = formatter.text([formatter.paragraph(post)], empty: "")
        #expect(printed == "Ana García: " + Self.body + " 2 hours ago.\nId 77.\n")
        #expect(!printed.contains("...") && !printed.contains("…"))
    }
}
