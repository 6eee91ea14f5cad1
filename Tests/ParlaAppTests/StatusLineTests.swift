import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Issue 26 item 13: the answer to what the user did is shown on the status line (the rule above the
/// toolbar) as well as said, until the next key.
@Suite struct StatusLineTests {
    static let rule = " --------------------------------------"

    @Test func aRefusalIsShownOnTheStatusLineUntilTheNextKey() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        #expect(h.lines[10] == Self.rule)
        await h.press(.char("v"))
        #expect(h.texts.last == "This post has no poll")
        #expect(h.lines[10] == " This post has no poll")
        #expect(h.lines[11] == "  [About]  [Info]  [Details]  [New post]")
        await h.press(.char("d"))
        #expect(h.texts.last == "Only your own posts can be deleted")
        #expect(h.lines[10] == " Only your own posts can be deleted")
        // The next key takes it away; the cursor stays on the focus.
        let cursor = h.cursor
        await h.press(.down)
        #expect(h.lines[10] == Self.rule)
        #expect(h.cursor == cursor)
    }

    @Test func sentIsShownOnTheStatusLineWhenTheServerAnswered() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        h.engine.emit(.postSent(outboxId: "outbox-1", post: homePosts[0]))
        await deliverEvents(h)
        h.app.host.render()
        #expect(h.utterances.last == Utterance("Sent: Good morning, everyone!", priority: .answer, earcon: .sent))
        #expect(h.lines[10] == " Sent: Good morning, everyone!")
    }

    @Test func aLongResultWrapsUpwardsOverBlankRowsOnlyAndNeverOverTheFocus() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        await h.press(.char("o"))
        let cursor = try #require(h.cursor)
        let before = h.lines
        h.app.host.deliver(.init([.text("The server took the change, and the list of your followed hashtags now holds five tags.")]))
        h.app.host.render()
        #expect(Array(h.lines[0..<8]) == Array(before[0..<8]))
        #expect(Array(h.lines[8...10]) == [
            " The server took the change, and the",
            " list of your followed hashtags now",
            " holds five tags.",
        ], "\(h.lines.joined(separator: "\n"))")
        #expect(h.cursor == cursor)
        // On home the where-line is just above the rule: one row, and the rest marked as cut (it was said whole).
        await h.press(.escape)
        h.app.host.deliver(.init([.text("The server took the change, and the list of your followed hashtags now holds five tags.")]))
        h.app.host.render()
        #expect(h.lines[9] == "   You are in Home · 1 of 3")
        #expect(h.lines[10] == " The server took the change, and the...")
    }

    @Test func aPostReadAsItIsShownIsNotRepeatedOnTheStatusLine() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        h.app.host.deliver(.init([.text("Good morning, everyone! And more words after it.")]))
        h.app.host.render()
        #expect(h.lines[10] == Self.rule)
    }
}
