import LVControls
import SpeechKit
import TerminalKit
import Testing

/// Issue 17 item 2: controls whose outcome a server decides say nothing before it is known.
@Suite struct AskingControlsTests {
    @Test func anAskingToggleAsksForTheOtherStateAndKeepsItsOwnUntilSet() {
        let favourite = Toggle("Favourite", asks: true, compact: true)
        let h = Harness([favourite, Button("Other")])
        h.press(.enter)
        // Asked, not done: no word, no earcon of its own (the screen acknowledges), the box unchanged.
        #expect(h.screen.events == [.toggled(true)])
        #expect(h.transcript == [])
        #expect(h.lines[2] == " > [ ] Favourite")
        // The answer came: the state shows, and focus says it.
        favourite.setOn(true)
        h.press(.tab, .backTab)
        #expect(h.lines[2] == " > [x] Favourite")
        #expect(h.transcript.last == "<focus> Favourite, toggle button, on")
        h.press(.space)
        #expect(h.screen.events == [.toggled(true), .toggled(false)])
        #expect(h.lines[2] == " > [x] Favourite")
    }

    @Test func aQuietButtonOnlyPlaysItsEarcon() {
        let send = Button("Send")
        send.quietPress = true
        let h = Harness([send])
        h.press(.enter)
        #expect(h.transcript == ["<activate>"])
        #expect(h.screen.events == [.activated])
    }
}
