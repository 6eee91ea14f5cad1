import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
import Testing

/// Starting with the server away (issue 26, item 12): "Nothing here yet" and "[No author]" were shown over
/// 9.3 s of silence before "Offline: showing saved posts". The saved posts are shown and read before the
/// server has answered, however long it takes; that it is away is said once it is known.
@Suite struct StartingOfflineTests {
    @Test func startingOfflineShowsAndReadsTheSavedPostsBeforeTheServerAnswers() async throws {
        let engine = FakeEngine()
        engine.refreshError = .unreachable(host: "social.example")
        let h = try AppHarness(engine: engine)
        await h.app.prepare()
        h.app.start()
        h.app.host.render()
        // The server has not answered yet (its call has not run).
        #expect(h.lines[11] == "   > Ana García: Good morning, everyone!")
        #expect(!h.lines.contains { $0.contains("Nothing here yet") || $0.contains("[No author]") })
        #expect(h.texts.last?.hasPrefix("Home · main. Posts, wheel list, 1 of 3. Ana García: Good morning, everyone! 5 minutes ago.") == true,
                "\(h.texts)")
        await h.app.settle()
        #expect(h.texts.last?.hasPrefix("Offline: showing saved posts. ") == true)
        #expect(h.lines[11] == "   > Ana García: Good morning, everyone!")
    }
}

/// A first start: the timeline is empty until the server answers. A key pressed then has nothing to act on,
/// but "Nothing here yet" would not be true (the CI's Bluesky run heard it, then the first post): it is
/// "Still loading", on screen and aloud, and the first post is read when it comes.
@Suite struct FirstLoadTests {
    @Test func aKeyPressedBeforeTheFirstPostsCameIsToldTheyAreStillLoading() async throws {
        let engine = FakeEngine()
        engine.setCached([], in: "home")
        engine.willBring(Array(homePosts.prefix(2)), to: "home")
        let h = try AppHarness(engine: engine)
        await h.app.prepare()
        h.app.start()
        h.app.host.render()
        #expect(h.lines[3] == "   Still loading", "\(h.lines)")
        #expect(!h.lines.contains { $0.contains("Nothing here yet") }, "\(h.lines)")
        h.app.handle(.char("f"))
        #expect(h.texts.last == "Still loading", "\(h.texts)")
        #expect(engine.calls.allSatisfy { !$0.hasPrefix("favourite") }, "\(engine.calls)")
        await h.app.settle()
        h.app.host.render()
        #expect(h.texts.last?.hasPrefix("Ana García: Good morning, everyone! 5 minutes ago.") == true, "\(h.texts)")
        // The text shows the first post; the status line keeps what was said to the key until the next one.
        #expect(h.lines[3] == "   Good morning, everyone!", "\(h.lines)")
    }

    @Test func aTimelineTheServerLeftEmptyIsNothingHereYet() async throws {
        let engine = FakeEngine()
        engine.setCached([], in: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        h.app.host.render()
        #expect(h.lines[3] == "   Nothing here yet", "\(h.lines)")
        await h.press(.char("f"))
        #expect(h.texts.last == "Nothing here yet", "\(h.texts)")
    }
}
