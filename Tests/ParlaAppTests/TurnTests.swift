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
        // The key's frame, and the frame of the older page's answer (asked for near the end of 3 posts; empty here).
        #expect(h.terminal.frames.count == before + 2)
        await h.press(.tab)
        #expect(h.terminal.frames.count == before + 3)
        await h.press(.char("p"))
        #expect(h.terminal.frames.count == before + 4)
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
        await deliverEvents(h)
        #expect(h.engine.calls.last == "delete 104")
        #expect(h.texts.last == "Post deleted")
        #expect(h.lines[21] == "   You are in Home · 1 of 3")
        #expect(h.lines[11] == "   > Ana García: Good morning, everyone!")
    }

    /// A favourite's result is applied once: the post changes when the engine says so, never from
    /// the call's own answer; the announcement is said once.
    @Test func aFavouritesResultIsAppliedOnceFromTheEngine() async throws {
        let silent = FakeEngine()
        silent.tellsChanges = false
        let s = try AppHarness(engine: silent)
        await s.open()
        await s.press(.char("f"))
        await s.press(.down, .up)
        #expect(s.utterances.last == Utterance("Ana García: Good morning, everyone! 5 minutes ago.", language: "en"))

        var everything = AppSettings()
        everything.verbosity = .all
        let h = try AppHarness(settings: everything)
        await h.open()
        await h.press(.char("f"))
        await deliverEvents(h)
        #expect(h.engine.calls.suffix(1) == ["favourite 103 true"])
        // Said once the server answered, with the toggle's earcon; an answer: it cuts what is being said, never dropped.
        #expect(h.utterances.filter { $0.text == "Added to favourites" } == [Utterance("Added to favourites", priority: .answer, earcon: .toggleOn)])
        await h.press(.down, .up)
        // At the all verbosity the post says what the user did to it.
        #expect(h.utterances.last == Utterance("Ana García: Good morning, everyone! 5 minutes ago. 1 favourite. You favourited.", language: "en"))
        #expect(h.utterances.filter { $0.text.contains("favourite") }.count == 2)
    }
}
