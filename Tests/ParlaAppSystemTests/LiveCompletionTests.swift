import Foundation
import LocalInstance
import MastodonAPI
import MicroblogKit
import ParlaApp
import TerminalKit
import Testing

/// Completing a mention from the server's search, over real HTTP to the local instance: one request
/// after the pause in typing, the people it found offered and taken.
@Suite(.serialized) struct LiveCompletionTests {
    @Test func aMentionIsCompletedFromTheServersSearch() async throws {
        try await LiveAppHarness.with { h in
            // People no cached post knows.
            try h.server.seedFollowers(of: "tom", count: 2, prefix: "zebra")
            try await h.open()
            await h.press(.char("c"))
            try await h.until("compose to open") { h.lines.first?.contains("New post") == true }
            for character in "Hello @zeb" { await h.press(.char(character)) }
            #expect(h.requests(API.Misc.search) == 0)
            h.mark()
            h.clock.advance(by: .milliseconds(400))
            h.app.host.tick()
            try await h.untilSaid("2 suggestions. Down to choose one.")
            #expect(h.requests(API.Misc.search) == 1)
            await h.press(.down)
            #expect(h.saidSinceMark.last?.text == "@zebra1, Follower 1, 1 of 2")
            await h.press(.down, .enter)
            #expect(h.saidSinceMark.last?.text == "@zebra2 inserted.")
            let cursor = try #require(h.cursor)
            #expect(h.lines[cursor.y] == "   Hello @zebra2" && cursor.x == 3 + "Hello @zebra2 ".count, "\(h.lines) \(cursor)")
            #expect(h.requests(API.Misc.search) == 1)
        }
    }
}
