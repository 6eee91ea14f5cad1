import Foundation
import ParlaBase
import Testing

/// Blank text and trimming on scalars agree with Foundation's `CharacterSet.whitespaces` and
/// `whitespacesAndNewlines`.
@Suite struct BlankTextTests {
    static let samples = [
        "", " ", "\t", "  \t ", "\n", " \n ", "\r\n", "\u{85}", "\u{A0}", "\u{202F}", "\u{3000}", "\u{2028}", "\u{2029}",
        "\u{200B}", "\u{FEFF}", "Ana", " Ana ", "\tAna\t", "\u{A0}Ana García\u{3000}", " \n Ana \n ", "a b", "🙂 ", " é ",
        "e\u{301} ", "\u{1680}x\u{2000}", "\u{B}", "\u{C}", "\u{1C}", "\u{180E}", "\u{200A}\u{200C}", "\u{205F}", "\u{2060}",
    ]

    @Test(arguments: samples) func blankAgreesWithFoundation(_ text: String) {
        #expect(text.isBlank == text.trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(text.isBlankOrNewlines == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(text.trimmingSpacesAndTabs == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func examples() {
        #expect(" \u{A0}\t".isBlank)
        #expect(!" \n ".isBlank)
        #expect(" \n\u{2028} ".isBlankOrNewlines)
        #expect("\u{3000}Ana García\t".trimmingSpacesAndTabs == "Ana García")
        #expect("\u{200B}Ana\u{200B}".trimmingSpacesAndTabs == "Ana")
    }
}
