import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import SpeechKit
import Testing

/// Issue 17 item 3 ("a wait for the rate limit says until when and can be cancelled, never a silent stall")
/// for the actions outside the timeline: following someone (and voting) while the server's calls are used up.
@Suite struct LimitWatchTests {
    @Test func aFollowHeldBackByTheLimitIsSaidAndEscapeCancelsItWithoutLeaving() async throws {
        let engine = FakeEngine()
        let reset = testNow.addingTimeInterval(300)
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("u"))
        #expect(h.lines[0] == " Ana García")
        engine.budgetValue = BudgetSnapshot(family: .general, limit: 300, remaining: 0, resetAt: reset, reserve: 0)
        let release = AsyncStream<Void>.makeStream()
        engine.beforeAction = { for await _ in release.stream { break } }
        await h.press(.f(2))
        h.speech.clear()
        h.app.handle(.enter)
        h.executor.run()
        h.app.drain()
        let until = MicroblogError.clockTime(reset, timeZone: .current)
        #expect(h.texts == ["The server's limit of calls is used up until \(until). Parla will wait. Escape cancels the wait."])
        #expect(h.utterances.last?.priority == .alert)
        // Escape cancels the held follow; the details screen stays.
        h.app.handle(.escape)
        #expect(h.texts.last == "Wait cancelled, nothing changed.")
        #expect(h.lines[0] == " Ana García")
        release.continuation.finish()
        await h.app.settle()
        #expect(!h.texts.contains("You now follow Ana García"))
        // A second Escape goes back as usual.
        await h.press(.escape)
        #expect(h.lines[0] == " Home · main")
    }

    @Test func aFollowWithCallsLeftSaysNothingAboutTheLimit() async throws {
        let engine = FakeEngine()
        engine.budgetValue = BudgetSnapshot(family: .general, limit: 300, remaining: 12, resetAt: testNow.addingTimeInterval(300), reserve: 0)
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("u"), .f(2))
        h.speech.clear()
        await h.press(.enter)
        #expect(h.texts == ["You now follow Ana García"])
    }
}
