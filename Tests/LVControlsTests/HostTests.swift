import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

@Suite struct FocusRingTests {
    @Test func wrapsAtBothEndsAndSaysSo() {
        var ring = FocusRing(count: 3)
        #expect(ring.move(by: 1) == false)
        #expect(ring.move(by: 1) == false)
        #expect(ring.index == 2)
        #expect(ring.move(by: 1) == true)
        #expect(ring.index == 0)
        #expect(ring.move(by: -1) == true)
        #expect(ring.index == 2)
        ring.resize(to: 2)
        #expect(ring.index == 1)
    }
}

@Suite struct AccessibilityDescriptionTests {
    @Test func verbosityDecidesWhatIsSaid() {
        let localizer = TestLocalization.localizer()
        let description = AccessibilityDescription(label: "Day", role: .segmented, value: "Tuesday", state: "scanning",
                                                   position: .init(index: 2, count: 7), hint: "Enter keeps.")
        #expect(description.spoken(.full, localizer: localizer) == "Day, choice, Tuesday, scanning, 2 of 7, Enter keeps.")
        #expect(description.spoken(.short, localizer: localizer) == "Day, Tuesday, scanning")
        #expect(description.spoken(.minimal, localizer: localizer) == "Tuesday, scanning")
        #expect(description.spoken(.full, localizer: localizer.switched(to: .spanish))
            == "Day, selector, Tuesday, scanning, 2 de 7, Enter keeps.")
    }

    @Test func controlCharactersFromTheNetworkNeverReachSpeech() {
        let localizer = TestLocalization.localizer()
        let description = AccessibilityDescription(label: "Post\u{1B}[2J", role: .label, value: "hi\u{07}")
        #expect(description.spoken(.short, localizer: localizer) == "Post, hi")
    }
}

@Suite struct ScreenHostTests {
    @Test func tabMovesFocusWithEarconDescriptionAndCursor() {
        let h = Harness([Label(name: "Note", text: "Hello"), Button("Send")])
        #expect(h.cursor == Point(x: 3, y: 2))
        h.press(.tab)
        #expect(h.cursor == Point(x: 3, y: 4))
        h.press(.tab, .tab)
        #expect(h.cursor == Point(x: 12, y: 11))
        h.press(.tab)
        #expect(h.cursor == Point(x: 3, y: 2))
        h.press(.backTab)
        #expect(h.transcript == [
            // Each kind's hint once in the session: the label's was said as the screen opened.
            "<focus> Send, button, Press Enter to activate.",
            "<focus> Back, button",
            "<focus> Info, button",
            "<edge>", "<focus> Note, label, Hello",
            "<edge>", "<focus> Info, button",
        ])
        #expect(h.lines == [
            " Test",
            " --------------------------------------",
            "   Note: Hello",
            "",
            "   [Send]",
            "",
            "",
            "",
            "",
            "",
            " --------------------------------------",
            "   [Back] > [Info]",
        ])
    }

    @Test func theFirstScreenIsAnnouncedWithItsTitle() {
        let localizer = TestLocalization.localizer()
        let speech = RecordingSpeechOutput()
        let terminal = MemoryTerminal(size: Size(width: 40, height: 12))
        let host = ScreenHost(root: TestScreen([Button("Send")], localizer: localizer), backend: terminal, speech: speech,
                              clock: ManualClock(), localizer: localizer, theme: .named(.monochrome, ascii: true))
        host.start()
        #expect(speech.events == [.say(Utterance("Test. Send, button, Press Enter to activate.", earcon: .focus))])
        #expect(terminal.lastFrame?.cursor == Point(x: 3, y: 2))
    }

    @Test func verbosityShortensTheDescription() {
        let h = Harness([Button("Send"), Segmented("Day", options: ["Mon", "Tue"])],
                        settings: ControlSettings(verbosity: .short))
        h.press(.tab)
        let minimal = Harness([Button("Send"), Segmented("Day", options: ["Mon", "Tue"])],
                              settings: ControlSettings(verbosity: .minimal))
        minimal.press(.tab)
        #expect(h.transcript == ["<focus> Day, Mon"])
        #expect(minimal.transcript == ["<focus> Mon"])
    }

    @Test func inputHelpOnlySaysWhatKeysWouldDo() {
        let h = Harness([Button("Send")])
        h.press(.f(12), .enter, .char("x"), .escape, .char("?"))
        h.press(.enter)
        #expect(h.screen.events == [.activated])
        #expect(h.transcript == [
            "<toggle-on> Input help on. Keys say what they do. F12 leaves.",
            "Enter: activate the button.",
            "x: does nothing here",
            "Escape: go back.",
            "<toggle-off> Input help off",
            "<activate> Send done",
        ])
        #expect(h.host.isFinished == false)
    }

    @Test func questionMarkIsTextInATextField() {
        let h = Harness([TextField("Name")])
        h.press(.char("?"))
        #expect(h.host.inputHelp == false)
        #expect((h.screen.controls[0] as! TextField).text == "?")
        h.press(.f(12))
        #expect(h.host.inputHelp == true)
    }

    @Test func escapeOnTheFirstScreenClosesItAndCtrlQQuits() {
        let h = Harness([Button("Send")])
        h.press(.escape)
        #expect(h.host.isFinished)
        let q = Harness([Button("Send")])
        q.press(.ctrl("q"))
        #expect(q.host.isFinished)
    }

    @Test func toolbarSlotsAreReachedWithF2AndAnEmptySlotSaysSo() {
        let slot = Button("Refresh")
        let h = Harness([Button("Send")], slot: slot)
        h.press(.f(2), .f(3))
        #expect(h.transcript == [
            "<focus> Refresh, button",
            "<error> Nothing on F3 here",
        ])
        #expect(h.lines[11] == "   [Back]   [Info] > [Refresh]")
        #expect(h.cursor == Point(x: 21, y: 11))
    }

    @Test func infoButtonSaysHelpAndBackButtonCloses() {
        let h = Harness([Button("Send")])
        h.press(.tab, .tab, .enter)
        #expect(h.transcript.last?.hasPrefix("<focus> Help: Test. Help lines, wheel list, Test screen, 1 of 13") == true)
        h.press(.escape)
        #expect(h.transcript.last == "<leave> Info, button")
        h.press(.backTab, .enter)
        #expect(h.host.isFinished)
    }

    @Test func aWindowTooSmallIsSaidOnceAndShown() {
        let h = Harness([Button("Send")])
        h.terminal.resize(to: Size(width: 30, height: 8))
        h.host.handle(h.terminal.nextKey(timeout: nil)!)
        h.host.handle(.resize)
        #expect(h.transcript == ["<error> [alert] The window is too small for Parla. Make it at least 40 columns by 12 rows."])
        #expect(h.lines[0] == "The window is too small for")
    }
}
