import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

/// Issue 17 item 4: keys users expect, on every screen the host runs.
@Suite struct AccessKeysTests {
    @Test func f1OpensTheHelpAsAListReviewedLineByLineAndEscapeGoesBackWhereFocusWas() {
        let h = Harness([Label(name: "Note", text: "Hi"), Button("Send")])
        h.press(.tab)
        h.speech.clear()
        h.press(.f(1))
        #expect(h.transcript == [
            "<focus> Help: Test. Help lines, wheel list, Test screen, 1 of 13, Up and Down move, type letters to jump, Enter chooses.",
        ])
        #expect(h.lines == [
            " Help: Test",
            " --------------------------------------",
            " > Help lines 1 of 13",
            "   > Test screen.",
            "     Enter or Space: activate the bu...",
            "     Tab: next control.",
            "     Shift Tab: previous control.",
            "     Escape: go back.",
            "     F 1: help for this screen.",
            "   Test screen.",
            " --------------------------------------",
            "   [Back]   [Info]",
        ])
        #expect(h.cursor == Point(x: 5, y: 3))
        h.speech.clear()
        // Line by line, each said with its place; End reaches the last (the arrow that moves focus back).
        h.press(.down, .end)
        #expect(h.transcript == [
            "Enter or Space: activate the button, 2 of 13",
            "Left arrow or Up arrow: previous control, where the arrow is free, 13 of 13",
        ])
        // The whole line is shown under the list where the list cuts it at 40 columns.
        #expect(h.lines[2...9] == [
            " > Help lines 13 of 13",
            "     Control Space: stop speaking.",
            "     Control R: say the last thing a...",
            "     Control S: spell the last thing...",
            "     Right arrow or Down arrow: next...",
            "   > Left arrow or Up arrow: previou...",
            "   Left arrow or Up arrow: previous",
            "   control, where the arrow is free.",
        ])
        h.speech.clear()
        h.press(.escape)
        #expect(h.transcript == ["<leave> Send, button"])
        #expect(h.lines[0] == " Test")
        #expect(h.cursor == Point(x: 3, y: 4))
        #expect(h.host.screens.count == 1)
    }

    @Test func theArrowsMoveFocusOnButtonsAndTheToolbarButNotWhereTheControlUsesThem() {
        let note = Label(name: "Note", text: "Good morning")
        let h = Harness([note, Button("Send")])
        // The label reads word by word with Right and Left; Down is not its key: it moves focus.
        h.press(.right, .down)
        // On buttons and the toolbar all four arrows move focus, as Tab and Shift+Tab do.
        h.press(.right, .down, .up, .left)
        #expect(h.transcript == [
            "Good",
            "<focus> Send, button, Press Enter to activate.",
            "<focus> Back, button",
            "<focus> Info, button",
            "<focus> Back, button",
            "<focus> Send, button",
        ])
        #expect(h.cursor == Point(x: 3, y: 4))
        #expect(h.screen.events.isEmpty)
    }
}

/// The host over the real speech queue, so stop, repeat and spell show in the transcript as a listener hears them.
@Suite struct StopRepeatSpellTests {
    let backend = RecordingSpeechBackend()
    let transcript = MemoryTranscript()
    let host: ScreenHost

    init() {
        let localizer = TestLocalization.localizer()
        let queue = SpeechQueue(backend: backend, earcons: RecordingEarconPlayer(), clock: ManualClock(), transcript: transcript)
        host = ScreenHost(root: TestScreen([Button("Send")], localizer: localizer), backend: MemoryTerminal(size: Size(width: 40, height: 12)),
                          speech: queue, clock: ManualClock(), localizer: localizer, theme: Theme.named(.monochrome, ascii: true))
    }

    @Test func ctrlSpaceStopsSpeechCtrlRRepeatsItAndCtrlSSpellsIt() {
        host.start()
        host.handle(Key(.character(" "), .ctrl))
        host.handle(.ctrl("r"))
        backend.finishCurrent()
        host.handle(.ctrl("s"))
        #expect(transcript.lines == [
            "earcon focus",
            "speech focus en-GB: Test. Send, button, Press Enter to activate.",
            "interrupt: Test. Send, button, Press Enter to activate.",
            "earcon focus",
            "speech focus en-GB: Test. Send, button, Press Enter to activate.",
            "speech focus en-GB: Test. Send, button, Press Enter to activate.",
        ])
        #expect(backend.spoken.map(\.spelled) == [false, false, true])
        // Stopping is heard at once: nothing waits to be said after it.
        #expect(backend.calls.filter { $0 == .cancel }.count == 1)
    }
}
