import LVControls
import SpeechKit
import Testing

/// Enter on what opens something says nothing before it (issue 26, item 5): no "Path sent", no "About done".
@Suite struct QuietOpeningTests {
    @Test func theToolbarsInfoSaysTheHelpWithoutInfoDone() {
        let h = Harness([Button("Send")])
        h.press(.tab, .tab)
        h.speech.clear()
        h.press(.enter)
        #expect(h.transcript.first == "<activate>")
        #expect(!h.transcript.contains { $0.contains("done") })
        #expect(h.transcript.last?.hasPrefix("<focus> Help: Test.") == true)
    }

    @Test func aQuietFieldsEnterPlaysOnlyTheActivateSound() {
        let path = TextField("Path")
        path.quietSubmit = true
        let h = Harness([path])
        h.type("/tmp")
        h.speech.clear()
        h.press(.enter)
        #expect(h.transcript == ["<activate>"])
        let plain = TextField("Name")
        let other = Harness([plain])
        other.press(.enter)
        #expect(other.transcript.last == "<activate> Name sent")
    }
}
