import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// One turn of the key loop: one key, one frame; work started once per turn.
@Suite struct TurnTests {
    @Test func oneKeyDrawsExactlyOneFrame() async throws {
        let h = try AppHarness()
        await h.open()
        let before = h.terminal.frames.count
        await h.press(.down)
        #expect(h.terminal.frames.count == before + 1)
        await h.press(.tab)
        #expect(h.terminal.frames.count == before + 2)
        await h.press(.char("p"))
        #expect(h.terminal.frames.count == before + 3)
        #expect(h.texts.last == "You are in Home · 2 of 3")
    }

    @Test func aJumpThroughManyPostsSavesTheReadingPositionOnceAtItsEnd() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.end)
        #expect(await h.engine.readPosition(.home) == "101")
        await h.press(.home)
        #expect(await h.engine.readPosition(.home) == "103")
    }

    @Test func deletingAsksTwiceOnTheSamePostAndAMoveDisarms() async throws {
        let engine = FakeEngine()
        engine.willBring([post("104", by: me, "<p>Mine</p>", minutesAgo: 1)], to: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.home, .char("d"))
        #expect(h.texts.last == "Press d again to delete this post")
        await h.press(.down, .up, .char("d"))
        #expect(h.texts.last == "Press d again to delete this post")
        #expect(!h.engine.calls.contains("delete 104"))
        await h.press(.char("d"))
        #expect(h.engine.calls.last == "delete 104")
        #expect(h.texts.last == "Post deleted")
    }
}
