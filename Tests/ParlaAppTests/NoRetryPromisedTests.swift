import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
import Testing

/// "Parla will try again" after a favourite that nothing retries (issue 26, item 8): an action the user asked
/// for is not tried again, and its failure does not say it will be.
@Suite struct NoRetryPromisedTests {
    @Test func aFavouriteThatCouldNotReachTheServerDoesNotPromiseARetry() async throws {
        let engine = FakeEngine()
        engine.actionError = .unreachable(host: "example.social")
        let h = try AppHarness(engine: engine)
        await h.open()
        h.speech.clear()
        await h.press(.char("f"))
        #expect(h.texts == ["Not favourited, nothing changed. Cannot reach example.social. Check the network."])
        #expect(!h.lines.contains { $0.contains("try again") })
    }
}
