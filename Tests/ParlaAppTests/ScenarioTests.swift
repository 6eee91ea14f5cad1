import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

@Suite struct ScenarioTests {
    @Test func probe() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.down, .down)
        for u in h.utterances { print("SAY", u.priority, u.language ?? "-", u.text) }
        for l in h.lines { print("LINE|\(l)|") }
        print("CURSOR", h.cursor as Any)
    }
}
