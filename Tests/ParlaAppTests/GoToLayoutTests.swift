import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
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

    /// "#  !!" and "hola mundo" opened empty timelines that could not exist (and Parla came back to them on every
    /// start). They are refused, said and shown, and what was typed stays in the field to mend.
    @Test func whatCannotBeAHashtagIsRefusedAndKeptInTheField() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("g"), .tab)
        for character in "hola mundo" { await h.press(.char(character)) }
        await h.press(.enter)
        let refusal = "hola mundo is not a hashtag: use letters, digits and _, no spaces"
        #expect(h.utterances.last == Utterance(refusal, earcon: .error))
        #expect(h.lines[0] == " Go to", "\(h.lines)")
        #expect(h.lines.contains { $0.contains("Hashtag: hola mundo") }, "\(h.lines)")
        #expect(h.lines.contains { $0.contains(refusal) }, "\(h.lines)")
        // Mended, it opens: accented letters, digits and "_" are a hashtag's.
        for _ in 0..<6 { await h.press(.backspace) }
        await h.press(.char("_"), .char("2"), .char("ñ"), .enter)
        #expect(h.lines[0].hasPrefix(" Hashtag #hola_2ñ"), "\(h.lines)")
    }
}
