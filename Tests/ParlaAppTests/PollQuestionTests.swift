import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Issue 26 item 8: the vote dialog says and shows what the poll asks (the post's text) before how to choose,
/// the question in the post's voice; at 40×12 the timeline shows only two lines of it.
@Suite struct PollQuestionTests {
    @Test func theVoteDialogSaysAndShowsTheQuestionFirstInThePostsVoice() async throws {
        var polled = post("130", by: ana, "<p>¿Qué lector de pantalla usas?</p>", minutesAgo: 5)
        polled.language = "es"
        polled.poll = Poll(id: "p1", multiple: true, votesCount: 4, options: [.init(title: "NVDA", votesCount: 3), .init(title: "Orca", votesCount: 1)])
        let engine = FakeEngine(timelines: ["home": [polled]], service: FakeEngine().scripted)
        engine.now = testNow
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        let start = h.utterances.count
        await h.press(.char("v"))
        #expect(h.lines == [
            " Poll",
            " --------------------------------------",
            "   ¿Qué lector de pantalla usas?",
            " > Choose one or more options (4 votes",
            "   so far)",
            "   [ ] NVDA off",
            "   [ ] Orca off",
            "   [Vote]",
            "",
            "",
            " --------------------------------------",
            "   [Back]   [Info]",
        ])
        #expect(h.utterances[start...].map { $0.resolvedSegments(interface: "en-GB").map { "[\($0.language ?? "")]\($0.text)" }.joined() } == [
            "[en-GB]Poll. [es]¿Qué lector de pantalla usas?[en-GB] Choose one or more options (4 votes so far), Right and Left read word by word.",
        ])
        // The question is the first control: Up reads it again, in the post's voice.
        await h.press(.up)
        #expect(h.utterances.last?.resolvedSegments(interface: "en-GB").map { "[\($0.language ?? "")]\($0.text)" }.joined()
            == "[es]¿Qué lector de pantalla usas?")
    }
}
