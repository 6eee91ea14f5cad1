import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import TerminalKit
import Testing

/// A switch user had no way to Go to (notifications, a list): the timeline's scan offers no keys, and none
/// of its controls led there. "You are in Home" now does: the switch on it opens Go to.
@Suite struct SwitchGoToTests {
    @Test func theSwitchOnWhereYouAreOpensGoTo() async throws {
        var settings = AppSettings()
        settings.scanning = true
        let h = try AppHarness(settings: settings)
        await h.open()
        let whereYouAre = try #require(h.app.host.focusables.firstIndex { ($0 as? Label)?.text.hasPrefix("You are in Home") == true })
        h.app.host.focus(index: whereYouAre)
        #expect(h.texts.last == "You are in Home · 1 of 3, The switch goes to another place.")
        await h.press(.space)
        #expect(h.lines[0] == " Go to")
        #expect(h.texts.last == "Go to. Places, wheel list, 1 of 24. Home")
    }
}

/// A switch user could not quit at all (issue 26, "What users found", switch item 2): Ctrl+Q is two keys.
/// Go to's last place is Quit Parla, which the scan reaches and the switch takes.
@Suite struct GoToQuitTests {
    @Test func quitParlaIsGoTosLastPlaceAndTheSwitchOnItQuits() async throws {
        var settings = AppSettings()
        settings.scanning = true
        let h = try AppHarness(settings: settings)
        await h.open()
        await h.press(.char("g"), .end)
        #expect(h.texts.last == "Quit Parla")
        #expect(h.lines.contains("   > Quit Parla"))
        #expect(h.app.host.helpEntries().first == "Choose a timeline with the wheel and Enter, or type a hashtag and press Enter. "
            + "The last place, Quit Parla, quits as Control Q does; drafts are kept.")
        // The switch goes into the places and takes the one said.
        await h.press(.space, .space)
        #expect(h.app.host.isFinished)
    }
}
