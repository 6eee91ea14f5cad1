import Foundation
import ParlaApp
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// Compose's focus stops: each one does something. A new post has no "Not a reply" stop (it only said so,
/// and cost a switch user a dwell on the way to Send); a reply keeps the stop that reads the post replied to.
@Suite struct ComposeStopsTests {
    /// What Tab says on each stop from the text to the toolbar's Send.
    func stops(after key: Key, in h: AppHarness) async -> [String] {
        await h.open()
        await h.press(key)
        h.speech.clear()
        for _ in 0..<12 where h.texts.last != "Send, button" { await h.press(.tab) }
        return h.texts
    }

    @Test func aNewPostHasNoStopThatOnlySaysItIsNotAReply() async throws {
        let h = try AppHarness()
        let said = await stops(after: .char("c"), in: h)
        #expect(said.last == "Send, button", "\(said)")
        #expect(!said.contains { $0.contains("Not a reply") }, "\(said)")
        #expect(!h.lines.contains { $0.contains("Not a reply") }, "\(h.lines)")
    }

    @Test func aReplyKeepsTheStopThatReadsThePostRepliedTo() async throws {
        let h = try AppHarness()
        let said = await stops(after: .char("r"), in: h)
        #expect(said.contains("Read the post you reply to, button"), "\(said)")
        await h.press(.backTab, .backTab, .backTab, .backTab)
        #expect(h.texts.last == "Read the post you reply to, button", "\(h.texts.suffix(3))")
        await h.press(.enter)
        #expect(h.texts.last?.contains("Good morning, everyone!") == true, "\(h.texts.suffix(2))")
    }
}
