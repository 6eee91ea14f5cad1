import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
@testable import ParlaEngine
import SpeechKit
import TerminalKit
import Testing

/// Issue 26 item 9 on the real engine and its SQLite cache: reading at 23 of 40 in Home, then Ctrl+Q and a
/// restart, brought back the top post, where the server's marker was.
@Suite struct PlaceKeptTests {
    @Test func homeComesBackOnThePostTheUserWasOnWithWhatArrivedAboveItSaidAndTheMarkerAsMastodonDefinesIt() async throws {
        let service = ScriptedService()
        service.offerStream(true)
        service.add(Fixtures.posts(1...40))
        let h = try await StoredAppHarness(service: service)
        await h.open()
        await h.runEngine()
        for _ in 1...22 { await h.press(.down) }
        #expect(h.lines.contains("   You are in Home · 23 of 40"))
        // Four posts come while the user reads on below: they are above, unread.
        let arrived = (41...44).map { Fixtures.post(String($0)) }
        service.add(arrived)
        for post in arrived { service.latestStream?.yield(.update(post)) }
        await h.runEngine()
        #expect(h.lines.contains("   You are in Home · 27 of 40 · 4 new above"))

        try await h.restart()
        // The posts that came above the place are said first; then the post the user was on.
        #expect(h.utterances.map(\.text) == [
            "Since you left: 4 new posts in home.",
            "Home · main. Posts, wheel list, 27 of 40. User 2: post 18. 9 minutes ago. Up and Down move, Right reads the rest, Enter chooses.",
        ])
        #expect(h.lines.contains("   > User 2: post 18"))
        #expect(h.lines.contains("   You are in Home · 27 of 40"))
        // The server's marker is the newest post read (Mastodon's last_read_id), not the one the user was on.
        h.clock.advance(by: .seconds(10))
        await h.runEngine()
        #expect(service.marker("home")?.lastReadId == "40")
        #expect(try h.engine.cache.readPosition("home")?.lastReadId == "40")
    }
}
