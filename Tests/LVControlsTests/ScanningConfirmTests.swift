import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

/// A switch user and two-step buttons (issue 26, "What users found", switch item 1): the first press asked
/// to "Press Enter again", and the scan moved on one dwell later, so confirming took a whole round. While
/// scanning the question names the switch, and the scan stays on the button for the second press.
@Suite struct ScanningConfirmTests {
    static let scanning = ControlSettings(verbosity: .short, dwell: .seconds(1), scanning: true)

    @Test func theScanStaysOnATwoStepButtonAfterItsFirstPressSoTheSwitchConfirmsIt() {
        let h = Harness([Button("Unfollow", kind: .twoStep), Button("Cancel")], size: Size(width: 60, height: 12), settings: Self.scanning)
        h.press(.space)
        #expect(h.screen.events == [])
        #expect(h.lines[2] == " > [Unfollow] (the switch again to confirm)")
        // Two dwells later the scan is still on the button.
        h.advance(by: .seconds(2))
        #expect(h.host.focusIndex == 0)
        h.press(.space)
        #expect(h.screen.events == [.activated])
        #expect(h.transcript == ["Press the switch again to confirm Unfollow", "<activate> Unfollow done"])
    }

    @Test func aFirstPressNotConfirmedLetsTheScanGoOnAfterThreeDwellsAndDisarms() {
        let unfollow = Button("Unfollow", kind: .twoStep)
        let h = Harness([unfollow, Button("Cancel")], settings: Self.scanning)
        h.press(.space)
        h.advance(by: .milliseconds(2999))
        #expect(h.transcript == ["Press the switch again to confirm Unfollow"])
        h.advance(by: .milliseconds(1))
        #expect(h.transcript == ["Press the switch again to confirm Unfollow", "<focus> Cancel"])
        #expect(!unfollow.isArmed)
    }

    @Test func withoutScanningTheFirstPressStillNamesEnter() {
        let h = Harness([Button("Unfollow", kind: .twoStep)], settings: ControlSettings(verbosity: .short))
        h.press(.enter)
        #expect(h.transcript == ["Press Enter again to confirm Unfollow"])
    }
}
