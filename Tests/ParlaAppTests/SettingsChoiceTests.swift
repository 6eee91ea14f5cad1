import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Settings' choices (issue 26, "What users found", switch item 3): Up on Rate then Tab set the rate without
/// the user choosing it, and its sample was cut by the next control; Right, Enter said "200 chosen", cut
/// after 2 ms by the sample. A value now changes only when chosen, and is heard with its sample, whole.
@Suite struct SettingsChoiceTests {
    @Test func aRateStepsPastIsNotSetAndAChosenOneIsSaidWithItsSampleInOneUtterance() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(9), .tab, .tab, .tab)
        let rate = h.store.saved?.rate ?? AppSettings().rate
        #expect(h.texts.last == "Rate, choice, 175, 3 of 7")
        await h.press(.up, .tab)
        #expect(h.texts.suffix(2) == ["150, 2 of 7", "Pitch, choice, 50, 3 of 5"])
        #expect((h.store.saved?.rate ?? AppSettings().rate) == rate)
        // Back on Rate, it shows the rate kept.
        await h.press(.backTab)
        #expect(h.texts.last == "Rate, choice, 175, 3 of 7")
        h.speech.clear()
        await h.press(.right, .enter)
        #expect(h.texts == ["200, 4 of 7", "200 chosen. This is how Parla sounds now."])
        #expect(h.store.saved?.rate == 200)
    }

    @Test func settingsHelpSaysTheArrowsOnlyShowTheOptionsAndEnterChooses() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(9), .tab, .tab, .tab)
        #expect(h.app.host.helpEntries().prefix(5) == [
            "Each setting changes when you press Enter on it, and is saved. A choice changes only when Enter keeps it: Left and Right, "
                + "or Up and Down, go through the options, and leaving without Enter keeps the value as it was. The value chosen is said "
                + "with a sample of what it does.",
            "Right arrow or Down arrow: next option.", "Left arrow or Up arrow: previous option.", "Enter or Space: keep this option.",
            "Escape: go back to the kept option.",
        ])
        // Nothing on F2 and F3 here: help does not offer them.
        #expect(!h.app.host.helpEntries().contains { $0.hasPrefix("F 2") || $0.hasPrefix("F 3") })
    }
}
