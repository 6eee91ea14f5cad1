import LVControls
import SpeechKit
import TerminalKit
import Testing

/// The text view a long text is read in: words, sentences and lines as character ranges, the
/// stepping rule shared with the label, and the highlight drawn without colour.
@Suite struct TextViewTests {
    func pieces(_ text: ReviewText, _ ranges: [Range<Int>]) -> [String] { ranges.map { String(text.characters[$0]) } }

    @Test func wordsSentencesAndLinesAreCutWhereAReaderExpects() {
        let text = ReviewText("Hola. ¿Qué tal? (Bien!) Sí\nLínea dos · fin", language: "es")
        // A separator standing alone is shown but not stopped on.
        #expect(pieces(text, text.words) == ["Hola.", "¿Qué", "tal?", "(Bien!)", "Sí", "Línea", "dos", "fin"])
        #expect(text.sentences.map { pieces(text, Array(text.words[$0])).joined(separator: " ") }
            == ["Hola.", "¿Qué tal?", "(Bien!)", "Sí", "Línea dos fin"])
        #expect(pieces(text, text.lines(width: 10)) == ["Hola. ¿Qué", "tal?", "(Bien!) Sí", "Línea dos", "· fin"])
        // A word longer than the line is broken between characters; an empty line stays.
        let long = ReviewText("See https://example.com/long/path\n\nend")
        #expect(pieces(long, long.lines(width: 12)) == ["See", "https://exam", "ple.com/long", "/path", "", "end"])
    }

    @Test func aPieceIsSaidInTheVoicesOfItsParts() {
        let text = ReviewText(segments: [.init("[Image: "), .init("Un paraguas", language: "es"), .init("]\nNext")], language: "es")
        let all = text.utterance(0..<text.characters.count)
        #expect(all.segments == [.init("[Image: "), .init("Un paraguas", language: "es"), .init("] Next")])
        #expect(all.language == "es")
        #expect(text.utterance(text.words[1]).segments == [.init("Un", language: "es")])
        #expect(text.utterance(text.words[0]).segments == [.init("[Image:")])
    }

    @Test func reviewStartsBeforeTheFirstAndStopsAtEitherEnd() {
        var position = ReviewPosition()
        #expect(position.move(by: -1, count: 3)! == (2, false))
        #expect(position.move(by: 1, count: 3)! == (2, true))
        position.set(nil)
        #expect(position.move(by: 1, count: 3)! == (0, false))
        #expect(position.move(by: -1, count: 3)! == (0, true))
        #expect(position.move(by: 5, count: 3)! == (2, true))
        #expect(position.move(by: 1, count: 0) == nil)
    }

    /// Under NO_COLOR (the monochrome theme) the word read is reverse and bold, with no colour at all.
    @Test func theWordReadIsHighlightedWithoutColourAndHasTheCursor() {
        let view = TextView("Note", text: ReviewText("One two three. Four five six seven eight nine ten eleven twelve thirteen."))
        let h = Harness([view], size: Size(width: 40, height: 12))
        #expect(h.lines[2...4] == [" > One two three. Four five six seven", "   eight nine ten eleven twelve", "   thirteen."])
        h.press(.right, .right)
        let grid = h.terminal.lastFrame!.grid
        #expect((7..<10).map { grid[$0, 2].text }.joined() == "two")
        #expect((7..<10).allSatisfy { grid[$0, 2].style == Style(bold: true, reverse: true) })
        #expect(grid[11, 2].style == .plain)
        #expect(h.terminal.lastFrame?.cursor == Point(x: 7, y: 2))
        h.press(.char("."))
        #expect(h.transcript.suffix(3) == ["One", "two", "Four five six seven eight nine ten eleven twelve thirteen."])
        #expect(h.terminal.lastFrame?.cursor == Point(x: 18, y: 2))
        // The whole sentence is highlighted, over its two lines.
        let sentence = h.terminal.lastFrame!.grid
        #expect(sentence[3, 3].style == Style(bold: true, reverse: true))
        #expect(sentence[17, 2].style == .plain)
        h.press(.down)
        #expect(h.transcript.last == "eight nine ten eleven twelve")
        #expect(h.lines[3] == " > eight nine ten eleven twelve")
        #expect(h.terminal.lastFrame?.cursor == Point(x: 3, y: 3))
    }
}
