import Testing
import TerminalKit

@Suite struct TextLayoutTests {
    @Test func wrapsOnWordBoundaries() {
        #expect(TextLayout.wrap("the quick brown fox jumps over the lazy dog", width: 10) == [
            "the quick", "brown fox", "jumps over", "the lazy", "dog",
        ])
    }

    @Test func keepsParagraphBreaksAndCollapsesSpaces() {
        #expect(TextLayout.wrap("one   two\n\nthree", width: 20) == ["one two", "", "three"])
    }

    @Test func breaksWordsLongerThanALine() {
        #expect(TextLayout.wrap("abcdefghijkl mn", width: 5) == ["abcde", "fghij", "kl mn"])
    }

    @Test func wrapsWideCharactersByColumns() {
        // Each CJK character takes two columns: five fit in ten columns.
        #expect(TextLayout.wrap("日本語のテキストです", width: 10) == ["日本語のテ", "キストです"])
        // A wide character never straddles the edge: nine columns hold four.
        #expect(TextLayout.wrap("日本語のテキスト", width: 9) == ["日本語の", "テキスト"])
        #expect(TextLayout.wrap("hola 😀 adéu", width: 7) == ["hola 😀", "adéu"])
    }

    @Test func keepsCombiningMarksWithTheirBase() {
        #expect(TextLayout.wrap("cafe\u{301} cafe\u{301}", width: 4) == ["cafe\u{301}", "cafe\u{301}"])
    }

    @Test func dropsControlCharactersWhileWrapping() {
        #expect(TextLayout.wrap("a\u{1B}[2Jb c", width: 10) == ["ab c"])
    }

    @Test func truncatesWithAnEllipsisByWidth() {
        #expect(TextLayout.truncate("Hello world", toWidth: 8) == "Hello w…")
        #expect(TextLayout.truncate("Hello world", toWidth: 11) == "Hello world")
        #expect(TextLayout.truncate("Hello world", toWidth: 7) == "Hello…")  // no space before the ellipsis
        #expect(TextLayout.truncate("日本語のテキスト", toWidth: 6) == "日本…")
        #expect(TextLayout.truncate("日本語のテキスト", toWidth: 7) == "日本語…")
        #expect(TextLayout.truncate("cafe\u{301}s", toWidth: 4) == "caf…")
        #expect(TextLayout.truncate("Hello world", toWidth: 8, ellipsis: "...") == "Hello...")
        #expect(TextLayout.truncate("Hello", toWidth: 1) == "H")
        #expect(TextLayout.truncate("Hello", toWidth: 0) == "")
    }
}
