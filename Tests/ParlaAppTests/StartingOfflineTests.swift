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
