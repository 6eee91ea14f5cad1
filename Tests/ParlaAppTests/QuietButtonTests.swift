import Foundation
import ParlaApp
import SpeechKit
import Testing

/// Issue 17 item 3 ("no noise"): a button of Parla's screens plays the activate earcon and lets what it leads
/// to speak; "New post done" was said before the compose screen's own entry.
@Suite struct QuietButtonTests {
    @Test func newPostOpensComposeWithoutSayingDone() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(3))
        #expect(h.texts.last == "New post, button, Press Enter to activate.")
        h.speech.clear()
        await h.press(.enter)
        #expect(h.speech.events.first == .play(.activate))
        #expect(h.texts == ["New post. Text, text field, empty, cursor at the end, 500 characters left, Type to write."])
    }

    /// "Attach a file, 0 of 4 done" was said before the file chooser's entry (issue 26, item 5, found again in
    /// tmux: compose → Tab ×3 → Enter): the chooser says itself.
    @Test func attachAFileOpensTheChooserWithoutSayingDone() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"), .tab, .tab, .tab)
        #expect(h.texts.last == "Attach a file, 0 of 4, button, Press Enter to activate.")
        h.speech.clear()
        await h.press(.enter)
        #expect(h.speech.events.first == .play(.activate))
        #expect(!h.texts.contains { $0.hasSuffix(" done") })
        #expect(h.texts.first?.hasPrefix("Choose a file.") == true, "\(h.texts)")
    }

    /// "Add poll done" came before "Poll added": the result says itself.
    @Test func addPollSaysOnlyThatThePollWasAdded() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"), .tab, .tab, .tab, .tab)
        #expect(h.texts.last == "Add poll, button")
        h.speech.clear()
        await h.press(.enter)
        #expect(h.speech.events.first == .play(.activate))
        #expect(h.texts == ["Poll added: its options, duration and choices follow."])
    }
}
