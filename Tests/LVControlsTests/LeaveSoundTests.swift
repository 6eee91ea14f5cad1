import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

/// Issue 17 item 5's last point: leaving a control on Tab (or an arrow) sounds the leave earcon and then,
/// once it has ended, the focus earcon of the control entered; never the two at once. Through a real
/// speech queue to a recording earcon player and the transcript.
@Suite struct LeaveSoundTests {
    /// A host over a real speech queue, its earcons recorded.
    struct Fixture {
        let earcons = RecordingEarconPlayer()
        let transcript = MemoryTranscript()
        let backend = RecordingSpeechBackend()
        let host: ScreenHost

        init(leaveSound: Bool) {
            let localizer = TestLocalization.localizer()
            let clock = ManualClock()
            let queue = SpeechQueue(backend: backend, earcons: earcons, clock: clock, transcript: transcript)
            let screen = TestScreen([Button("Send"), Toggle("Sound", isOn: true)], localizer: localizer)
            host = ScreenHost(root: screen, backend: MemoryTerminal(size: Size(width: 40, height: 12)), speech: queue, clock: clock,
                              localizer: localizer, theme: .named(.monochrome, ascii: true),
                              settings: ControlSettings(leaveSound: leaveSound))
            host.start()
            backend.finishCurrent()
        }
    }

    @Test func tabPlaysTheLeaveEarconThenTheFocusEarconOneAfterTheOther() {
        let f = Fixture(leaveSound: true)
        f.host.handle(.tab)
        // The screen's entry had the focus earcon alone; the Tab, leave then focus, as one sequence.
        #expect(f.earcons.played == [.focus, .leave, .focus])
        #expect(f.earcons.sequences == [[.leave, .focus]])
        #expect(f.transcript.lines.suffix(3) == [
            "earcon leave", "earcon focus", "speech focus en-GB: Sound, toggle button, on, Press Enter to switch.",
        ])
        // An arrow moving focus sounds the same.
        f.host.handle(.down)
        #expect(f.earcons.sequences == [[.leave, .focus], [.leave, .focus]])
    }

    @Test func withTheSettingOffTabPlaysOnlyTheFocusEarcon() {
        let f = Fixture(leaveSound: false)
        f.host.handle(.tab)
        #expect(f.earcons.played == [.focus, .focus])
        #expect(f.earcons.sequences.isEmpty)
        #expect(f.transcript.lines.suffix(2) == ["earcon focus", "speech focus en-GB: Sound, toggle button, on, Press Enter to switch."])
    }
}
