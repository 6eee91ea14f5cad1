import Foundation
import Mastodon
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import TerminalKit
import Testing

/// Issue 26 item 20 on the screen: the vote screen's options name the server's custom emoji as the post's text does.
@Suite struct PollEmojiScreenTests {
    @Test func theVoteScreenNamesCustomEmojiInItsOptions() async throws {
        var post = Post(id: "110", createdAt: testNow.addingTimeInterval(-60), account: ana, content: RichText(html: "<p>Which one? :hecker:</p>"),
                        language: "en", poll: Poll(id: "p1", options: [.init(title: ":hecker: this"), .init(title: "that :blob_cat:")]))
        post.emojis = [CustomEmoji(shortcode: "hecker"), CustomEmoji(shortcode: "blob_cat")]
        let h = try AppHarness(engine: MemoryAccountEngine(timelines: ["home": [post] + homePosts], service: ScriptedService()))
        await h.open()
        await h.press(.char("v"))
        #expect(h.lines.contains { $0.contains("hecker this") })
        #expect(h.lines.contains { $0.contains("that blob cat") })
        #expect(!h.lines.contains { $0.contains(":hecker:") })
        await h.press(.down)
        #expect(h.texts.last?.hasPrefix("hecker this") == true, "\(h.texts)")
    }
}
