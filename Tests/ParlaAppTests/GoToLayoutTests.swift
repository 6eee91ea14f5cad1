import Foundation
import MicroblogKit
import ParlaApp
import TerminalKit
import Testing

/// Go to showed six places over an empty half of an 80×24 screen: a low-vision user scrolled for what there
/// was room to show. The places now take the rows the screen has; at 40×12 they scroll as before.
@Suite struct GoToLayoutTests {
    @Test func goToShowsAsManyPlacesAsTheScreenHasRoomFor() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("g"))
        #expect(h.lines == [
            " Go to",
            " ------------------------------------------------------------------------------",
            "   You are in Home",
            "",
            " > Places 1 of 24",
            "   > Home",
            "     Mentions",
            "     Notifications",
            "     Direct messages",
            "     Local",
            "     Federated",
            "     Bookmarks",
            "     Favourites",
            "     Lists",
            "     Followed hashtags",
            "     Trending",
            "     Filters",
            "     People you mute",
            "     People you block",
            "     Blocked servers",
            "",
            "   Hashtag:",
            " ------------------------------------------------------------------------------",
            "   [Back]             [Info]",
        ])
        let small = try AppHarness(size: Size(width: 40, height: 12))
        await small.open()
        await small.press(.char("g"))
        #expect(small.lines == [
            " Go to",
            " --------------------------------------",
            "   You are in Home",
            " > Places 1 of 24",
            "   > Home",
            "     Mentions",
            "     Notifications",
            "     Direct messages",
            "     Local",
            "     Federated",
            " --------------------------------------",
            "   [Back]   [Info]",
        ])
    }
}
