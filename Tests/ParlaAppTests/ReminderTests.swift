import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// Reminders are the account's (kept by its engine across restarts) and timed by the app's clock: one that
/// fell due while Parla was closed is said on opening, one due later when the clock reaches it, each once,
/// with an earcon, and then forgotten.
@Suite struct ReminderTests {
    @Test func aReminderKeptBeforeARestartIsSaidWhenDueWithAnEarcon() async throws {
        let engine = FakeEngine()
        let first = try AppHarness(engine: engine)
        await first.open()
        try await engine.addReminder(Reminder(
            id: "r1", postId: "101", dueAt: testNow.addingTimeInterval(-60), author: "ana", excerpt: "Good morning, everyone!"))
        try await engine.addReminder(Reminder(
            id: "r2", postId: "102", dueAt: testNow.addingTimeInterval(600), author: "ben", excerpt: "The river walk is at ten."))
        await first.app.shutdown()

        // Parla opens again on the same account: the first fell due while it was closed.
        let h = try AppHarness(engine: engine)
        await h.open()
        let opened = h.texts.count
        #expect(h.texts.contains("Reminder: @ana's post: Good morning, everyone!"))
        #expect(!h.texts.contains("Reminder: @ben's post: The river walk is at ten."))
        h.clock.advance(by: .seconds(599))
        await h.app.settle()
        #expect(h.texts.count == opened)
        h.clock.advance(by: .seconds(1))
        await h.app.settle()
        #expect(Array(h.texts[opened...]) == ["Reminder: @ben's post: The river walk is at ten."])
        let said = h.utterances.filter { $0.text.hasPrefix("Reminder:") }
        #expect(said.map(\.earcon) == [.mention, .mention])
        #expect(await engine.reminders().isEmpty)
    }
}

/// z on a post keeps a reminder (said once the engine kept it), Z lists them, d cancels one.
@Suite struct ReminderKeyTests {
    @Test func zKeepsAReminderAndTheRemindersScreenCancelsIt() async throws {
        let engine = FakeEngine()
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("z"))
        #expect(h.texts.last == "Remind me about @ana's post. When, wheel list, 1 of 5. in 30 minutes. Up and Down move, type letters to jump, Enter chooses.")
        await h.press(.enter)
        let kept = await engine.reminders()
        #expect(kept.map(\.postId) == ["103"])
        #expect(kept.map(\.dueAt) == [testNow.addingTimeInterval(1_800)])
        #expect(h.texts.contains { $0.hasPrefix("Reminder kept: @ana's post, ") })
        await h.press(.char("Z"))
        #expect(h.texts.last?.hasPrefix("Reminders, wheel list, 1 of 1. ") == true, "\(h.texts.suffix(4))")
        #expect(h.texts.last?.hasSuffix(": @ana: Good morning, everyone!") == true, "\(h.texts.suffix(2))")
        await h.press(.char("d"))
        #expect(h.texts.last == "Reminder cancelled.")
        #expect(await engine.reminders().isEmpty)
    }
}
