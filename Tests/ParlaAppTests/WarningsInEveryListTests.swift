import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// The tester's findings on Right in lists other than the timeline (session 16): in Trending, a post one of the
/// user's filters holds back answered Right with "Nothing more" and `w` with "Nothing starts with w"; scanning
/// into a list again skipped the rest of the post under the marker; at 40×12 a scanning step put the text back
/// to its top while the rest was still being said.
@Suite struct WarningsInEveryListTests {
    static let tom = account("20", "tom", "Tom Whitaker")

    static func filtered() -> Post {
        var held = post("213", by: tom, "<p>The match went to extra time and then to penalties, which nobody in the pub could watch.</p>", minutesAgo: 60)
        held.filtered = [FilterMatch(title: "Football", action: .warn)]
        return held
    }

    @Test func inTrendingRightSaysAFilterHidesThePostAndWOpensAndClosesIt() async throws {
        let h = try AppHarness()
        h.engine.scripted.setTrends(posts: [Self.filtered()], hashtags: [Hashtag(name: "poetry", uses: 4, people: 1)])
        await h.open()
        await h.press(.char("g"), .down, .down, .down, .down, .down, .down, .down, .down, .down, .down)
        #expect(h.texts.last == "Trending")
        await h.press(.enter)
        #expect(h.texts.last == "Trending, wheel list, 1 of 2. Tom Whitaker: Filtered: Football. 1 hour ago.")
        await h.press(.right)
        #expect(h.texts.last == "A filter of yours hides this post: w opens it.")
        await h.press(.char("w"))
        #expect(h.texts.last == "The match went to extra time and then to penalties, which nobody in the pub could watch.")
        await h.press(.right)
        #expect(h.texts.last == "Nothing more")
        await h.press(.char("w"))
        #expect(h.texts.last == "Filter's warning closed")
        // On a hashtag, w says there is no warning to open.
        await h.press(.down, .char("w"))
        #expect(h.texts.last == "This post has no content warning", "\(h.texts.suffix(2))")
    }

    @Test func scanningIntoTheListAgainSaysTheRestOfThePostUnderTheMarker() async throws {
        var settings = AppSettings()
        settings.scanning = true
        let long = post("230", by: Self.tom, "<p>People keep asking what voice I listen to all day. It is this one, and it is free software.</p>", minutesAgo: 30)
        let engine = FakeEngine.home([long, post("231", by: ana, "<p>Good morning, everyone!</p>", minutesAgo: 40)])
        let h = try AppHarness(engine: engine, settings: settings)
        await h.open()
        let dwell = Duration.milliseconds(settings.dwellMilliseconds)
        func step() {
            h.clock.advance(by: dwell)
            h.app.host.tick()
        }
        await h.press(.space)
        step()
        #expect(h.texts.last == "It is this one, and it is free software.")
        // Out with the second switch, and in again: the rest is a step again.
        await h.press(.backspace)
        await h.press(.space)
        step()
        #expect(h.texts.last == "It is this one, and it is free software.", "\(h.texts.suffix(3))")
    }

    @Test func at40x12TheRestStaysShownWhileScanningStepsWaitForItToBeSaid() async throws {
        var settings = AppSettings()
        settings.scanning = true
        let long = post("240", by: Self.tom, "<p>The library opens late on Thursdays from next week, until nine in the evening. "
            + "Bring your card: the new self-service desks read it, and the staff will show you how.</p>", minutesAgo: 30)
        let engine = FakeEngine.home([long])
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine, settings: settings)
        await h.open()
        let top = Array(h.lines[3...4])
        await h.press(.space)
        let dwell = Duration.milliseconds(settings.dwellMilliseconds)
        h.clock.advance(by: dwell)
        h.app.host.tick()
        h.app.host.render()
        #expect(h.texts.last?.hasPrefix("until nine in the evening.") == true, "\(h.texts.suffix(1))")
        let rest = ["   from next week, until nine in the", "   evening. Bring your card: the new"]
        #expect(Array(h.lines[3...4]) == rest, "\(h.lines)")
        // Turns without a key go by (what the scan started answering): the rest stays in view.
        await h.app.settle()
        h.app.host.render()
        #expect(Array(h.lines[3...4]) == rest, "\(h.lines)")
        // A key brings the text back to its top (Home on the same post says it again).
        await h.press(.home)
        #expect(Array(h.lines[3...4]) == top, "\(h.lines)")
    }
}

/// "Pinned, wheel list, 1 of 1. No pinned posts." counted a placeholder as a post (the tester, session 16).
@Suite struct EmptyListsSayItTests {
    @Test func nothingTrendingIsAnEmptyListNotOneItem() async throws {
        let h = try AppHarness()
        h.engine.scripted.setTrends()
        await h.open()
        await h.press(.char("g"), .down, .down, .down, .down, .down, .down, .down, .down, .down, .down, .enter)
        #expect(h.texts.last == "Trending, wheel list, Nothing is trending.", "\(h.texts.suffix(2))")
        await h.press(.down)
        #expect(h.utterances.last == Utterance("Nothing is trending.", earcon: .edge), "\(h.texts.suffix(2))")
    }
}

/// With the user's own screen reader speaking (Speakup, `--speech none`), Right on a post said nothing anyone
/// heard and kept the focus: it moves the focus on, as in other lists.
@Suite struct RightWithAScreenReaderTests {
    @Test func underSpeakupRightMovesTheFocusOnInsteadOfSpeakingTheRest() async throws {
        let folder = TestPaths.temporaryDirectory()
        let synth = folder.appendingPathComponent("synth")
        try Data("soft\n".utf8).write(to: synth)
        let long = post("250", by: WarningsInEveryListTests.tom,
                        "<p>People keep asking what voice I listen to all day. It is this one, and it is free software.</p>", minutesAgo: 30)
        let h = try AppHarness(engine: FakeEngine.home([long]), speakupPath: synth.path)
        await h.open()
        let wheel = h.app.host.focused
        #expect(wheel is Wheel)
        await h.press(.right)
        #expect(h.app.host.focused !== wheel)
    }
}
