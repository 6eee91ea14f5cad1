import Foundation
import LVControls
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
@testable import ParlaEngine
import SpeechKit
import TerminalKit
import Testing

/// Issue 16 items 1 and 2 on the real engine and its SQLite cache: notifications missed while the stream was
/// down are filled in and said once; the open timelines come back after a restart, and another account's on
/// switching to it.
@Suite struct StoredSessionTests {
    /// Go to, then Local (the fifth place).
    static let goToLocal: [Key] = [.char("g"), .down, .down, .down, .down, .enter]
    /// Go to, then Notifications (the third place).
    static let goToNotifications: [Key] = [.char("g"), .down, .down, .enter]

    @Test func notificationsMissedWhileTheStreamWasDownAreFilledInAtBackgroundPriorityAndSaidOnce() async throws {
        let service = ScriptedService()
        service.offerStream(true)
        service.add(Fixtures.posts(1...3))
        service.add((1...5).map { Fixtures.notification(String($0), kind: .follow) })
        let h = try await StoredAppHarness(service: service, configuration: Engine.Configuration(pageSize: 5, notificationPageSize: 5))
        await h.open()
        await h.runEngine()
        // The stream breaks while 15 people follow: the page above the cache (6-10) and the newest (16-20) come
        // at once, the 5 between them fill the gap.
        service.add((6...20).map { Fixtures.notification(String($0), kind: .follow) })
        service.resetCalls()
        h.speech.clear()
        service.latestStream?.finish()
        await h.runEngine()
        #expect(h.utterances == [Utterance("5 notifications filled in after the gap.", priority: .notification)])
        // Shown as well as said, on the message line.
        #expect(h.lines.contains(" 5 notifications filled in after the gap."))
        #expect(service.calls.filter { if case .notifications(_, .background) = $0 { true } else { false } } == [
            .notifications(PageRequest.scripted(maxId: "16", limit: 5), .background),
            // That page was full: one more shows nothing is left between.
            .notifications(PageRequest.scripted(maxId: "11", limit: 5), .background),
        ])
        #expect(try h.engine.cache.notifications(limit: 100).map(\.id) == (1...20).reversed().map(String.init))
    }

    @Test func theOpenTimelinesComeBackAfterARestartInTheirOrderOnTheOneTheUserWasOnAtItsPlace() async throws {
        let service = ScriptedService()
        service.add(Fixtures.posts(1...3))
        service.add((11...15).map { Fixtures.post(String($0), text: "Local post \($0)") }, to: "local")
        service.add([Fixtures.notification("7", kind: .follow)])
        let h = try await StoredAppHarness(service: service)
        await h.open()
        for key in Self.goToLocal { await h.press(key) }
        await h.press(.down, .down)
        for key in Self.goToNotifications { await h.press(key) }
        await h.press(.char("["))
        #expect(h.lines.contains("   You are in Local · 3 of 5"))

        // Parla runs again on the same folder: Local is shown (over home) at the post left, without asking the server again for it.
        service.resetCalls()
        try await h.restart()
        #expect(h.utterances == [Utterance(segments: [
            .init("Local · main. Posts, wheel list, 3 of 5. "), .init("User 2: Local post 13. 9 minutes ago."),
            .init(" Up and Down move, Right reads the rest, Enter chooses."),
        ], earcon: .focus)])
        #expect(Array(h.lines.prefix(4)) == [
            " Local · main",
            " ------------------------------------------------------------------------------",
            "   [User 2 @user2]                        Time: 9 min ago",
            "   Local post 13",
        ])
        #expect(h.lines.contains("   > User 2: Local post 13"))
        #expect(h.lines.contains("   You are in Local · 3 of 5"))
        // The open timelines are the same, in the same order: Local, then Notifications, then round to Home.
        h.speech.clear()
        await h.press(.char("]"))
        #expect(h.speech.events == [
            .say(Utterance(segments: [.init("Notifications, 1 of 1. "), .init("User 3 follows you. 10 minutes ago")], earcon: .focus)),
        ])
        h.speech.clear()
        await h.press(.char("]"))
        #expect(h.speech.events == [
            .play(.edge), .say(Utterance(segments: [.init("Home, 1 of 3. "), .init("User 2: post 3. 9 minutes ago.")], earcon: .focus)),
        ])
        #expect(h.lines.contains("   You are in Home · 1 of 3"))
        // Left on Home this time: the next start is on Home, with the others still open behind it.
        try await h.restart()
        #expect(h.lines.first == " Home · main")
        #expect(await h.engine.openTimelines() == OpenTimelines(timelines: [.init(key: "home"), .init(key: "local"), .init(key: "notifications")], focused: 0))
    }

    @Test func anotherAccountsOpenTimelinesComeBackWhenSwitchingToItAndAreKeptForIt() async throws {
        let service = ScriptedService()
        service.add(Fixtures.posts(1...3))
        let otherService = ScriptedService()
        otherService.add(Fixtures.posts(21...22))
        let h = try await StoredAppHarness(service: service, other: otherService)
        let other = try #require(h.other)
        // The other account, when last used, had Local open over home, on its third post.
        try other.cache.insert((31...34).reversed().map { Fixtures.post(String($0), text: "Other local \($0)") }, into: "local")
        await other.markRead(.local, postId: "32")
        await other.saveOpenTimelines(OpenTimelines(timelines: [.init(key: "home"), .init(key: "local")], focused: 1))
        await h.open()
        let mainKept = await h.engine.openTimelines()

        h.speech.clear()
        // Go to, then the ninth place, after the eight timelines: "Switch to account other".
        await h.press(.char("g"))
        for _ in 1...8 { await h.press(.down) }
        #expect(h.utterances.last?.text == "Switch to account other")
        h.speech.clear()
        await h.press(.enter)
        await h.runEngine()
        #expect(h.utterances.map(\.text) == [
            "Loading the account other, please wait, Escape cancels.",
            "Local · other, 3 of 4. User 2: Other local 32. 9 minutes ago.",
        ])
        #expect(h.lines.first == " Local · other")
        #expect(h.lines.contains("   You are in Local · 3 of 4"))
        // Home is behind it, with the other account's posts.
        h.speech.clear()
        await h.press(.char("]"))
        #expect(h.utterances.first?.text.hasPrefix("Home, 1 of 2. ") == true, "\(h.utterances)")
        // What is opened now is kept for the other account; the first account's open timelines stay as they were.
        for key in Self.goToNotifications { await h.press(key) }
        await h.runEngine()
        #expect(await other.openTimelines() == OpenTimelines(
            timelines: [.init(key: "home"), .init(key: "local"), .init(key: "notifications")], focused: 2))
        #expect(await h.engine.openTimelines() == mainKept)
    }
}
