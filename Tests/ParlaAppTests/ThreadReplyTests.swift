import Foundation
import Mastodon
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import TerminalKit
import Testing

/// Issue 26 item 10: the thread the user replied in did not show the reply until it was opened again.
@Suite struct ThreadReplyTests {
    @Test func theThreadYouRepliedInShowsYourReplyWithoutReopeningIt() async throws {
        let h = try AppHarness()
        let benReply = Post(id: "104", createdAt: testNow.addingTimeInterval(-120), account: ben, content: RichText(html: "<p>Morning, Ana!</p>"),
                            language: "en", inReplyToId: "103")
        let later = Post(id: "106", createdAt: testNow.addingTimeInterval(-30), account: ben, content: RichText(html: "<p>Coffee, anyone?</p>"),
                         language: "en", inReplyToId: "103")
        h.engine.threads["103"] = MicroblogKit.Thread(ancestors: [], post: homePosts[0], descendants: [benReply, later])
        await h.open()
        await h.press(.enter)
        #expect(h.lines.contains("   You are in Thread · 1 of 3"))
        // Down to Ben's reply, and a reply to it.
        await h.press(.down, .char("r"), .char("h"), .char("i"), .f(3), .enter)
        #expect(h.engine.sent.last?.inReplyToId == "104")
        // The server took it: it shows below Ben's reply, the marker still on Ben's reply.
        let mine = Post(id: "105", createdAt: testNow, account: me, content: RichText(html: "<p>@ben hi</p>"), language: "en", inReplyToId: "104")
        h.engine.emit(.postSent(outboxId: "outbox-1", post: mine))
        await deliverEvents(h)
        #expect(Array(h.lines[10...14]) == [
            " > Posts 2 of 4",
            "     Ana García: Good morning, everyone!",
            "   > Ben Jones, replying: Morning, Ana!",
            "     Me Myself, replying: @ben hi",
            "     Ben Jones, replying: Coffee, anyone?",
        ])
        #expect(h.lines.contains("   You are in Thread · 2 of 4"))
        await h.press(.down)
        #expect(h.lines.contains("   > Me Myself, replying: @ben hi"))
        await h.press(.down)
        #expect(h.lines.contains("   > Ben Jones, replying: Coffee, anyone?"))
    }
}
