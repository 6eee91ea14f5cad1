import Foundation
import ParlaApp
import TerminalKit
import Testing

/// A profile's counts stay true as the user follows and unfollows from it: the server answers with the
/// relationship alone, and "12 followers" stayed on screen after following.
@Suite struct ProfileCountsTests {
    @Test func followingAndUnfollowingChangeTheFollowersCountShown() async throws {
        let h = try AppHarness(size: Size(width: 80, height: 24))
        await h.open()
        await h.press(.char("u"))
        #expect(h.lines[4] == "   Counts: 42 posts (no DMs), 12 followers, following 7")
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "follow 1 true")
        #expect(h.lines[4] == "   Counts: 42 posts (no DMs), 13 followers, following 7")
        await h.press(.enter, .enter)
        #expect(h.engine.calls.last == "follow 1 false")
        #expect(h.lines[4] == "   Counts: 42 posts (no DMs), 12 followers, following 7")
    }
}
