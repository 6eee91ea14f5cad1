import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import TerminalKit
import Testing

/// A switch user on a profile (issue 26, "What users found", switch item 1): the switch on Unfollow said
/// "Press Enter again…", and the scan moved on a dwell later, so confirming took a whole round (57 s). The
/// question now names the switch, and the scan waits on the button for the second press.
@Suite struct SwitchConfirmTests {
    @Test func theSwitchConfirmsUnfollowingWhileTheScanWaitsOnTheButton() async throws {
        var settings = AppSettings()
        settings.scanning = true
        let h = try AppHarness(size: Size(width: 40, height: 12), settings: settings)
        await h.open()
        await h.press(.char("u"))
        let follow = try #require(h.app.host.focusables.firstIndex { ($0 as? Button)?.title == "Follow" })
        h.app.host.focus(index: follow)
        await h.press(.space)
        #expect(h.engine.calls.last == "follow 1 true")
        await h.press(.space)
        #expect(h.texts.last == "Press the switch again to stop following Ana García")
        // Two dwells on, the scan is still on Unfollow.
        let dwell = Duration.milliseconds(settings.dwellMilliseconds)
        for _ in 0..<2 {
            h.clock.advance(by: dwell)
            h.app.host.tick()
        }
        #expect(h.app.host.focusIndex == follow)
        await h.press(.space)
        #expect(h.engine.calls.last == "follow 1 false")
        #expect(h.texts.last == "You no longer follow Ana García")
    }
}
