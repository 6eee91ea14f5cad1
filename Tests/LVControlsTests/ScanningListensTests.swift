import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

/// Issue 26 items 1 and 2: scanning never cuts what the switch user is listening to, the reader is
/// scanned sentence by sentence, and the keypad's scan ends with Send.
@Suite struct ScanningListensTests {
    static let scanning = ControlSettings(verbosity: .short, dwell: .seconds(1), scanning: true)

    @Test func scanningWaitsUntilTheItemHasBeenSaidThenAWholeDwell() {
        let h = Harness([Button("Send"), Button("Cancel")], settings: Self.scanning)
        h.advance(by: .seconds(1))
        #expect(h.transcript == ["<focus> Cancel"])
        // A long item: still being said when the dwell is over, so the step waits.
        h.speech.isSpeaking = true
        h.advance(by: .seconds(20))
        #expect(h.transcript == ["<focus> Cancel"])
        // Said to the end: the user has a whole dwell to press the switch.
        h.speech.isSpeaking = false
        h.advance(by: .milliseconds(50))
        h.advance(by: .milliseconds(999))
        #expect(h.transcript == ["<focus> Cancel"])
        h.advance(by: .milliseconds(1))
        #expect(h.transcript == ["<focus> Cancel", "<focus> Back"])
    }

    @Test func theSwitchGoesIntoTheReaderWhereEachStepReadsTheNextSentenceWhole() {
        let view = TextView("Post by Ana", text: ReviewText("First sentence here. Second one. Third and last."))
        let h = Harness([view], settings: Self.scanning)
        h.press(.space)
        h.speech.isSpeaking = true
        h.advance(by: .seconds(5))
        h.speech.isSpeaking = false
        h.advance(by: .seconds(2))
        h.advance(by: .seconds(1))
        h.advance(by: .seconds(1))
        #expect(h.transcript == ["First sentence here.", "Second one.", "Third and last.", "<edge> First sentence here."])
        // The switch stops reading where it is: the next step moves on to the toolbar.
        h.press(.space)
        h.speech.clear()
        h.advance(by: .seconds(1))
        #expect(h.transcript == ["<focus> Back"])
    }

    @Test func theKeypadsScanEndsWithSendWhichLeavesTheKeypadAndActivatesIt() {
        let target = TextField("Text")
        let keypad = Keypad("Keypad", target: target, dwell: .seconds(1))
        keypad.doneTitle = "Send"
        let h = Harness([keypad, Button("Cancel")], size: Size(width: 80, height: 24), settings: Self.scanning)
        h.press(.space)                 // into the keypad: row 1
        h.advance(by: .seconds(3))      // rows 2, 3, 4
        h.advance(by: .seconds(1))      // Send
        #expect(h.transcript.last == "Send")
        h.press(.space)
        #expect(h.screen.events == [.activated])
        // Out of the keypad: the next step is the screen's next control.
        h.speech.clear()
        h.advance(by: .seconds(1))
        #expect(h.transcript == ["<focus> Cancel"])
    }

    @Test func theKeypadsSendStepIsFollowedByTheFirstRowAgain() {
        let keypad = Keypad("Keypad", target: TextField("Text"), dwell: .seconds(1))
        keypad.doneTitle = "Send"
        let h = Harness([keypad], size: Size(width: 80, height: 24), settings: Self.scanning)
        h.press(.space)
        h.advance(by: .seconds(5))
        #expect(Array(h.transcript.suffix(2)) == ["Send", h.transcript[0]])
    }
}
