import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

/// The switch user in the reader (issue 26, "What users found", switch item 5): each scan round said the whole
/// post again ("Post, label. Parla Tips…"), while the README says each step reads the next sentence. The
/// reader's scan now goes into the text at once, a sentence a step, and coming back to the text says only
/// the sentence it is on.
@Suite struct ReaderScanTests {
    static let scanning = ControlSettings(verbosity: .short, dwell: .seconds(1), scanning: true)

    @Test func theReadersScanReadsTheNextSentenceEachStepAndNeverThePostWhole() {
        let view = TextView("Post", text: ReviewText("First sentence here. Second one. Third and last."))
        view.entersScanAtOnce = true
        let h = Harness([view], settings: Self.scanning)
        h.advance(by: .seconds(2))
        // The switch stops reading: the scan goes on to the toolbar, then back to the text.
        h.press(.space)
        h.advance(by: .seconds(3))
        #expect(h.transcript == ["Second one.", "Third and last.", "<focus> Back", "<focus> Info", "<edge>", "<focus> Post. Third and last."])
    }
}
