import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Issue 18 item 3 on the screen: mute, block, report, follow requests and muted conversations, each
/// said once the engine (the server) answered.
@Suite struct SafetyScenarioTests {
    @Test func aBlockedUsersPostsAreGoneFromHome() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        await h.press(.char("u"))
        for _ in 0..<10 { await h.press(.tab) }
        #expect(h.texts.last == "Block, toggle button, off")
        await h.press(.enter)
        #expect(h.texts.last == "Press Enter again to block Ana García: their posts go and neither of you will follow the other")
        #expect(!h.engine.calls.contains("block 1 true"))
        await h.press(.enter)
        #expect(h.engine.calls.last == "block 1 true")
        // Nothing is said between the confirming press and the server's answer.
        #expect(h.utterances.suffix(2) == [
            Utterance("Press Enter again to block Ana García: their posts go and neither of you will follow the other"),
            Utterance("You blocked Ana García; their posts are gone", earcon: .activate),
        ])
        #expect(h.lines[2] == "   Relationship: you block them")
        #expect(h.lines[9] == " > [x] Block on")
        await h.press(.escape)
        #expect(h.utterances.last?.segments.map(\.text) == [
            "Ben Jones: ", "Hola, ¿qué tal?", " 30 minutes ago.",
        ])
        #expect(h.lines == [
            " Home · main",
            " --------------------------------------",
            "   [Ben Jones]               30 min ago",
            "   Hola, ¿qué tal?",
            "",
            "   [ ] Boost   [Reply]   [ ] Favourite",
            "   [ ] Bookmark   [Thread]   [Refresh]",
            " > Posts: Ben Jones: Hola, ¿qué tal?...",
            "",
            "   You are in Home · 1 of 1",
            " --------------------------------------",
            "  [About]  [Info]  [Details]  [New post]",
        ])
    }

    @Test func muteForAnHourKeepingNotifications() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("u"))
        for _ in 0..<9 { await h.press(.tab) }
        #expect(h.texts.last == "Mute, toggle button, off, Press Enter to switch.")
        await h.press(.enter)
        #expect(h.texts.last == "Mute Ana García. How long, choice, For ever, 1 of 4, Left and Right change, Enter keeps, Escape restores.")
        await h.press(.right, .enter, .tab)
        #expect(h.texts.suffix(3) == ["1 hour, 2 of 4", "1 hour chosen", "Hide their notifications too, toggle button, on"])
        await h.press(.enter, .tab, .enter)
        #expect(h.engine.calls.last == "mute 1 true without notifications 1h")
        #expect(h.utterances.last == Utterance("You muted Ana García for 1 hour; their posts are hidden, their notifications still come", earcon: .activate))
        #expect(h.lines[5] == "   Relationship: you mute them")
        #expect(h.lines[11] == " > [x] Mute on")
        #expect(h.engine.scripted.safetyState.mutes["1"]?.notifications == false)
        await h.press(.escape)
        #expect(await h.engine.cached(.home).map(\.id) == ["102"])
    }

    @Test func acceptAndRejectFollowRequestsFromGoTo() async throws {
        let h = try AppHarness()
        let carla = account("5", "carla", "Carla Ruiz")
        let dan = account("6", "dan", "Dan Smith")
        h.engine.scripted.addFollowRequests([carla, dan])
        await h.open()
        // Go to lists Follow requests before Search, your profile, the outbox, reminders, the budget, Settings and About.
        await h.press(.char("g"), .end, .up, .up, .up, .up, .up, .up, .up, .up)
        #expect(h.texts.last?.hasPrefix("Follow requests") == true, "\(h.texts.suffix(2))")
        await h.press(.enter)
        #expect(h.texts.contains { $0.hasPrefix("Follow requests. Requests, wheel list, 1 of 2") }, "\(h.texts.suffix(3))")
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "accept 5")
        #expect(h.utterances.last == Utterance("@carla now follows you.", earcon: .activate))
        await h.press(.f(3), .enter)
        #expect(h.engine.calls.last == "reject 6")
        #expect(h.utterances.last == Utterance("You rejected the follow request of @dan.", earcon: .activate))
        #expect(h.engine.scripted.safetyState.followers == ["5"])
        #expect(h.engine.scripted.safetyState.requests.isEmpty)
    }

    @Test func muteAConversationFromTheTimelineAndReportAPost() async throws {
        let h = try AppHarness()
        h.engine.scripted.add(homePosts)
        await h.open()
        await h.press(.char("M"))
        #expect(h.engine.calls.last == "mute conversation 103 true")
        #expect(h.utterances.last == Utterance("Conversation muted: no more notifications about it.", earcon: .activate))
        await h.press(.char("M"))
        #expect(h.engine.calls.last == "mute conversation 103 false")
        #expect(h.utterances.last == Utterance("Conversation unmuted: its notifications come again.", earcon: .activate))

        await h.press(.char("!"))
        #expect(h.texts.last == "Report Ana García. Reason, choice, Spam, 1 of 4, Left and Right change, Enter keeps, Escape restores.")
        #expect(h.lines[2] == "   Post: Good morning, everyone!")
        #expect(h.lines[4] == " > Reason: [Spam] Illegal Breaks the rules Other")
        await h.press(.right, .enter, .tab)
        for character in "Threats" { await h.press(.char(character)) }
        await h.press(.tab, .enter)
        #expect(h.engine.calls.last == "report 1 legal posts 103")
        #expect(h.texts.suffix(3) == [
            "Send report, button, Press Enter to activate.", "Report about Ana García sent to the moderators",
            "Ana García: Good morning, everyone! 5 minutes ago.",
        ])
        #expect(h.engine.scripted.safetyState.reports == [NewReport(accountId: "1", reason: .legal, postIds: ["103"], comment: "Threats")])
        #expect(h.lines[0] == " Home · main")
    }
}
