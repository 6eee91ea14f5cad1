import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Who boosted and who favourited the post under the marker: B and F open the people who did.
@Suite struct ReactionsScreenTests {
    func harness() async throws -> AppHarness {
        let engine = FakeEngine()
        engine.willBring([post("104", by: ana, "<p>A poem</p>", minutesAgo: 1)], to: "home")
        engine.scripted.setReactions(postId: "104", boostedBy: [me], favouritedBy: [])
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.home)
        return h
    }

    @Test func capitalBListsWhoBoostedThePost() async throws {
        let h = try await harness()
        await h.press(.char("B"))
        #expect(h.engine.calls.contains("boosted by 104"))
        #expect(h.texts.last == "Who boosted Ana García's post. People, wheel list, 1 of 1. Me Myself, @me. 10 posts, 5 followers, following 3. Up and Down move, type letters to jump, Enter chooses.",
                "\(h.texts.suffix(3))")
        #expect(h.lines.first == " Who boosted Ana García's post")
    }

    @Test func capitalFSaysNoOneFavouritedIt() async throws {
        let h = try await harness()
        await h.press(.char("F"))
        #expect(h.engine.calls.contains("favourited by 104"))
        #expect(h.texts.last == "Who favourited Ana García's post. People, wheel list, empty", "\(h.texts.suffix(3))")
        #expect(h.lines.contains { $0.contains("No one has favourited this post.") }, "\(h.lines)")
    }
}
