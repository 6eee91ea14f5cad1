import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

/// One-switch scanning (issue 17 item 6): focus moves by itself at the dwell, Space is the switch and
/// Backspace the second switch, everything reached with them alone; on a manual clock.
@Suite struct ScanningTests {
    static let scanning = ControlSettings(verbosity: .short, dwell: .seconds(1), scanning: true)

    @Test func focusMovesByItselfAtTheDwellAndTheSwitchPressesTheButtonSaid() {
        let h = Harness([Button("Send"), Button("Cancel")], settings: Self.scanning)
        h.advance(by: .milliseconds(999))
        #expect(h.transcript == [])
        h.advance(by: .milliseconds(1))
        #expect(h.transcript == ["<focus> Cancel"])
        h.press(.space)
        #expect(h.screen.events == [.activated])
        // The switch made the next step wait a whole dwell again.
        h.speech.clear()
        h.advance(by: .milliseconds(999))
        #expect(h.transcript == [])
        h.advance(by: .milliseconds(1))
        #expect(h.transcript == ["<focus> Back"])
        #expect(h.cursor == Point(x: 3, y: 11))
    }

    @Test func withoutScanningSpaceAndBackspaceAreOrdinaryKeys() {
        let field = TextField("Name")
        let h = Harness([field], settings: ControlSettings(verbosity: .short))
        h.type("a b")
        h.press(.backspace)
        #expect(field.text == "a ")
        h.advance(by: .seconds(10))
        #expect(h.host.focusIndex == 0)
    }

    @Test func theSwitchGoesIntoAWheelWhoseItemsAreThenSteppedAndTakesTheOneSaid() {
        let wheel = Wheel("Names", items: ArrayWheelItems(["Ana", "Ben", "Cleo"]))
        let h = Harness([wheel, Button("Send")], settings: Self.scanning)
        h.press(.space)
        h.advance(by: .seconds(1))
        h.advance(by: .seconds(1))
        #expect(wheel.index == 2)
        // Past the last item the wheel starts again at the first.
        h.advance(by: .seconds(1))
        #expect(wheel.index == 0)
        h.advance(by: .seconds(1))
        h.press(.space)
        #expect(h.screen.events == [.selected(1)])
        #expect(h.transcript == ["Ben", "Cleo", "Ana", "Ben", "<activate> Ben chosen"])
        // Back at the controls: the next step moves focus on.
        h.speech.clear()
        h.advance(by: .seconds(1))
        #expect(h.transcript == ["<focus> Send"])
    }

    @Test func theKeypadIsScannedRowThenKeyThenCharacterAndTheSecondSwitchComesBackOut() {
        let target = TextField("Text")
        let keypad = Keypad("Keypad", target: target, dwell: .seconds(1))
        let h = Harness([keypad, Button("Send")], size: Size(width: 80, height: 24), settings: Self.scanning)
        h.press(.space)                 // into the keypad: row 1
        h.advance(by: .seconds(1))      // row 2
        h.press(.space)                 // its keys: 4
        h.press(.space)                 // key 4's characters: g
        h.advance(by: .seconds(1))      // h
        h.press(.space)                 // h taken
        #expect(target.text == "h")
        h.advance(by: .seconds(1))      // scanning goes on at the first row
        h.press(.backspace)             // out of the keypad
        h.advance(by: .seconds(1))      // on to Send
        #expect(h.transcript == [
            "Row 1: 1: dot comma question mark exclamation mark apostrophe quote dash; 2: a b c á à ç; 3: d e f é è",
            "Row 2: 4: g h i í ï; 5: j k l; 6: m n o ñ ó ò",
            "4: g h i í ï",
            "g",
            "h",
            "<activate> h",
            "Row 1: 1: dot comma question mark exclamation mark apostrophe quote dash; 2: a b c á à ç; 3: d e f é è",
            "<focus> Keypad, 1: dot comma question mark exclamation mark apostrophe quote dash, lower case",
            "<focus> Send",
        ])
    }

    @Test func aTimedControlRunsByItselfAndTheSwitchTakesTheOptionSaid() {
        let days = TimedSegmented("Day", options: ["Monday", "Tuesday", "Wednesday"], dwell: .seconds(1))
        let h = Harness([days, Button("Send")], settings: Self.scanning)
        h.press(.space)
        h.advance(by: .seconds(1))
        h.press(.space)
        #expect(days.selected == 1)
        // Scanning goes on at the controls once the run has ended.
        h.speech.clear()
        h.advance(by: .seconds(1))
        #expect(h.transcript == ["<focus> Send"])
    }

    @Test func theSecondSwitchAtTheControlsGoesBackAScreenAndThreeSilentRoundsPause() {
        let h = Harness([Button("Send")], settings: Self.scanning)
        // Send, Back, Info: three controls, three rounds.
        h.advance(by: .seconds(9))
        h.speech.clear()
        h.advance(by: .seconds(1))
        #expect(h.transcript == ["<edge> Scanning paused. Press the switch to go on."])
        h.advance(by: .seconds(5))
        #expect(h.transcript.count == 1)
        h.press(.space)
        #expect(h.transcript.suffix(2) == ["<focus> Scanning.", "<focus> Send"])
        #expect(h.screen.events == [])
        h.press(.backspace)
        #expect(h.host.isFinished)
    }

    @Test func whileScanningTheSwitchIsNotTypedIntoATextField() {
        let field = TextField("Name", text: "Ana")
        let h = Harness([field], settings: Self.scanning)
        h.press(.space)
        #expect(field.text == "Ana")
        #expect(h.transcript.last?.contains("Ana") == true)
    }
}
