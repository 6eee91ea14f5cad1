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
        let engine = FakeEngine.home([polled])
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

    /// The options are the author's words: each is read in the post's voice, its state and how to use it in the interface's.
    @Test func theVoteDialogsOptionsAreReadInThePostsVoice() async throws {
        var polled = post("131", by: ana, "<p>¿Té o café?</p>", minutesAgo: 5)
        polled.language = "es"
        polled.poll = Poll(id: "p2", votesCount: 1, options: [.init(title: "Té con leche", votesCount: 1), .init(title: "Café solo", votesCount: 0)])
        let engine = FakeEngine.home([polled])
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("v"), .tab, .tab)
        #expect(h.utterances.suffix(2).map { $0.resolvedSegments(interface: "en-GB").map { "[\($0.language ?? "")]\($0.text)" }.joined() } == [
            "[es]Té con leche[en-GB], toggle button, off, Press Enter to switch.",
            "[es]Café solo[en-GB], toggle button, off",
        ])
    }
}

