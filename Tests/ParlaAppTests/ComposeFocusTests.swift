import Foundation
import LVControls
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing
import WordPrediction

/// Compose (issue 26, "What users found", switch item 6): Esc from Phrases (F6) put focus on "500 left"
/// instead of the text, and with the focus in the content warning the Words row still offered words for the
/// post's text.
@Suite struct ComposeFocusTests {
    static let lists = WordLists(localization: TestPaths.localization)

    @Test func escapeFromPhrasesGoesBackToThePostsTextNotTheCounter() async throws {
        let h = try AppHarness(configDirectory: TestPaths.temporaryDirectory("phrases-back"))
        await h.open()
        await h.press(.char("c"), .f(2))
        #expect(h.texts.last == "500 left, Right and Left read word by word.")
        await h.press(.f(6), .escape)
        #expect(h.texts.last == "Text, text field, empty, cursor at the end, 500 characters left")
        #expect(h.cursor == Point(x: 3, y: 3))
    }

    @Test func theWordsRowOffersWordsForTheContentWarningWhileItIsWritten() async throws {
        let h = try AppHarness(configDirectory: TestPaths.temporaryDirectory("prediction-warning"), wordLists: Self.lists)
        await h.open()
        await h.press(.char("c"))
        for character in "Thank yo" { await h.press(.char(character)) }
        await h.press(.tab, .tab)
        for character in "Spoil" { await h.press(.char(character)) }
        #expect(h.lines[7] == "   Words:  1 Spoiled  2 Spoiler  3 Spoilers  4 Spoils")
        #expect(h.lines[12] == " > Content warning: Spoil")
        // Without the keypad the words have a row of their own; a word taken there goes into the warning.
        await h.press(.f(4), .backTab, .enter)
        #expect(Array(h.lines[3...9]) == [
            "   Thank yo", "", "", "", " > Words: [1 the] 2 to  3 and  4 of  5 a", "", "   Content warning: Spoiled",
        ])
    }
}
