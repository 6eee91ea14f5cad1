import LVControls
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

/// Issue 26 item 4: how to use a control is said the first time a control of its kind gets focus in the
/// session, and afterwards only on request; every time at the `all` verbosity.
@Suite struct HintsOnceTests {
    @Test func aHintIsSaidTheFirstTimeAControlOfItsKindGetsFocusAndNotAgain() {
        let h = Harness([Label(name: "Intro", text: "Hello"), Button("Send"), Button("Cancel")])
        h.press(.tab, .tab, .tab, .tab)
        #expect(h.transcript == [
            "<focus> Send, button, Press Enter to activate.",
            "<focus> Cancel, button",
            "<focus> Back, button",
            "<focus> Info, button",
        ])
    }

    @Test func atTheAllVerbosityEveryHintIsSaidEveryTime() {
        let h = Harness([Button("Send"), Button("Cancel")], settings: ControlSettings(verbosity: .all))
        h.press(.tab, .tab)
        #expect(h.transcript == [
            "<focus> Cancel, button, Press Enter to activate.",
            "<focus> Back, button, Press Enter to activate.",
        ])
    }
}
