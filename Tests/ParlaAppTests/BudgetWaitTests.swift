import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Issue 20: a server that asks for a wait of hours (a 429 with a Retry-After far away, or its calls used up
/// until a reset hours off) is said with its date, and the screen can override it: Try now on the budget
/// screen forgets the wait, as `parla budget --reset` does in line mode.
@Suite struct BudgetWaitTests {
    @Test func aWaitOfHoursIsSaidWithItsDateAndHowToTrySoonerOnTheScreen() async throws {
        let engine = FakeEngine()
        let reset = testNow.addingTimeInterval(3 * 3600)
        let h = try AppHarness(engine: engine)
        await h.open()
        engine.digestValue = SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0, budgetRemaining: 0, budgetResetAt: reset, budgetLimit: 300)
        engine.refreshError = .rateLimited(resetAt: reset)
        let release = AsyncStream<Void>.makeStream()
        engine.beforeRefreshFails = { for await _ in release.stream { break } }
        h.speech.clear()
        h.app.handle(.char("."))
        h.executor.run()
        h.app.drain()
        let date = MicroblogError.calendarDate(reset, timeZone: .current), time = MicroblogError.clockTime(reset, timeZone: .current)
        #expect(h.utterances.first?.text == "The server asks Parla to wait until \(date) at \(time). Parla will wait; to try sooner, "
            + "choose Try now on the budget screen (the dollar key). Escape cancels the wait.")
        h.app.handle(.escape)
        release.continuation.finish()
        await h.app.settle()
    }

    @Test func tryNowOnTheBudgetScreenForgetsTheWaitAndSaysSo() async throws {
        let engine = FakeEngine()
        let reset = testNow.addingTimeInterval(5 * 3600)
        engine.budgetValue = BudgetSnapshot(family: .general, limit: 300, remaining: 0, resetAt: reset, reserve: 20)
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("$"))
        #expect(h.lines[2] == " > Calls left: 0 of 300")
        #expect(h.lines.last == "   [Back]             [Info]             [Refresh]          [Try now]")
        h.speech.clear()
        await h.press(.f(3))
        #expect(h.texts == ["Try now, button, Press Enter to activate."])
        await h.press(.enter)
        #expect(engine.calls.last == "forget budget wait")
        #expect(h.utterances.last == Utterance("The wait is forgotten: Parla asks the server again now.", earcon: .activate))
        #expect(h.lines[2] == "   Calls left: not known yet")
        #expect(h.lines[4] == "   Limit resets: not known yet")
    }
}
