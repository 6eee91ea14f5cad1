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
}
