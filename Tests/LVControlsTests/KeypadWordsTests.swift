import LVControls
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

/// Issue 30: the keypad's row of words (word prediction), reached by the keys and scanned first by one switch.
@Suite struct KeypadWordsTests {
    static let scanning = ControlSettings(verbosity: .short, dwell: .seconds(1), scanning: true)

    func languages(_ h: Harness) -> [[String?]] {
        h.speech.events.compactMap { if case .say(let utterance) = $0 { utterance.segments.map { $0.language } } else { nil } }
    }

    @Test func upFromTheTopRowReachesTheWordsEachSaidInThePostsVoiceAndEnterChoosesOne() {
        let field = TextField("Message")
        let keypad = Keypad("Keypad", target: field)
        keypad.showsWords = true
        keypad.words = ["gràcies", "gran", "grup"]
        keypad.wordsLanguage = "ca"
        let h = Harness([field, keypad], size: Size(width: 44, height: 14), settings: ControlSettings(echo: .none))
        h.press(.tab)
        h.speech.clear()
        h.press(.up, .up, .right, .right, .right, .enter)
        #expect(h.transcript == [
            "2: a b c á à ç", "Words, 3: gràcies", "gran", "grup", "<edge> grup", "<activate>",
        ])
        // The words in the post's voice, the row's name in the interface's.
        #expect(languages(h)[1] == [nil, "ca"])
        #expect(languages(h)[2] == ["ca"])
        #expect(h.screen.events == [.selected(2)])
        // Drawn on its own line above the keys, the word under the finger bracketed, the cursor on it.
        #expect(Array(h.lines[4...6]) == [
            " > Keypad: lower case",
            "   Words: [1 gràcies] 2 gran  3 grup",
            "    1 .,?!      2 abcá      3 defé",
        ])
        #expect(h.cursor == Point(x: 13, y: 5))
        h.press(.down)
        #expect(h.transcript.last == "2: a b c á à ç")
    }

    @Test func withPredictionOnAndNoWordsTheRowSaysSoAndTheKeysStayWhereTheyAre() {
        let field = TextField("Message")
        let keypad = Keypad("Keypad", target: field)
        keypad.showsWords = true
        let h = Harness([field, keypad], size: Size(width: 44, height: 14), settings: ControlSettings(echo: .none))
        h.press(.tab, .up, .up)
        #expect(h.lines[5] == "   Words: none")
        #expect(h.transcript.last == "<edge> 2: a b c á à ç")
    }

    @Test func oneSwitchScansTheWordsFirstAndTheSwitchOnAWordChoosesIt() {
        let target = TextField("Text")
        let keypad = Keypad("Keypad", target: target, dwell: .seconds(1))
        keypad.words = ["thank", "the", "to"]
        keypad.wordsLanguage = "en"
        let h = Harness([keypad, Button("Send")], size: Size(width: 80, height: 24), settings: Self.scanning)
        h.press(.space)                 // into the keypad: the words
        h.advance(by: .seconds(1))      // row 1
        h.advance(by: .seconds(1))      // row 2
        h.advance(by: .seconds(1))      // row 3
        h.advance(by: .seconds(1))      // row 4
        h.advance(by: .seconds(1))      // the words again
        h.press(.space)                 // their words: thank
        h.advance(by: .seconds(1))      // the
        h.press(.space)                 // the chosen
        keypad.words = ["quick", "way"] // the screen gives the next words
        h.advance(by: .seconds(1))      // scanning starts again at the words
        #expect(h.screen.events == [.selected(1)])
        #expect(Array(h.transcript.prefix(1)) == ["Words: thank, the, to"])
        #expect(Array(h.transcript.suffix(5)) == [
            "Words: thank, the, to", "thank", "the", "<activate>", "Words: quick, way",
        ])
        // The second switch on a word goes back to the row, and from the row out of the keypad.
        h.press(.space)
        h.press(.backspace)
        #expect(h.transcript.last == "Words: quick, way")
    }
}
