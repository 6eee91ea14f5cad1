import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import Testing

/// Numeronyms are said as their words wherever a post's text is said: the post under the wheel and the
/// "Sent" that names the user's own post; the screen shows them as written.
@Suite struct NumeronymSpeechTests {
    static let tagged = post("150", by: ana, "<p>Testing <a href=\"https://example.social/tags/a11y\" class=\"mention hashtag\" rel=\"tag\">#<span>a11y</span></a> with k8s</p>",
                             minutesAgo: 5)

    @Test func aPostWithNumeronymsIsHeardAsWordsAndShownAsWritten() async throws {
        let engine = FakeEngine.home([Self.tagged])
        let h = try AppHarness(engine: engine)
        await h.open()
        #expect(h.texts.last?.hasPrefix("Home · main. Posts, wheel list, 1 of 1. Ana García: Testing hashtag accessibility with Kubernetes. 5 minutes ago.") == true,
                "\(h.texts)")
        #expect(h.lines[11] == "   > Ana García: Testing #a11y with k8s")
    }

    @Test func sentNamesTheUsersPostWithNumeronymsAsWords() async throws {
        let h = try AppHarness()
        await h.open()
        h.engine.emit(.postSent(outboxId: "outbox-1", post: post("151", by: me, "<p>Our i18n on k8s</p>", minutesAgo: 0)))
        await deliverEvents(h)
        #expect(h.utterances.last == Utterance("Sent: Our internationalisation on Kubernetes.", priority: .answer, earcon: .sent))
    }
}
