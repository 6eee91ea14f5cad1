import LVControls
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

@Suite struct LoadingStateTests {
    /// Issue 17 (no silence, no noise): what loads is said once; then only a soft earcon every two
    /// seconds on the injected clock, no words (progress is shown, and said on Enter); nothing on
    /// screen moves by itself.
    @Test func saysWhatLoadsOnceThenOnlyAProgressEarconEveryTwoSeconds() {
        let loading = LoadingState()
        let h = Harness([loading], size: Size(width: 60, height: 12))
        h.host.apply(loading.begin("the timeline", context: h.host.context))
        #expect(h.host.nextDeadline == .seconds(2))
        h.advance(by: .seconds(1))
        #expect(h.lines[2] == " > Loading the timeline. Esc cancels")
        h.host.apply(loading.update(done: 10, total: 40, context: h.host.context))
        h.advance(by: .milliseconds(500))
        h.host.apply(loading.update(done: 20, total: 40, context: h.host.context))
        #expect(h.lines[2] == " > Loading the timeline: 20 of 40. Esc cancels")
        h.advance(by: .seconds(4))
        #expect(h.lines[2] == " > Loading the timeline: 20 of 40. Esc cancels")
        h.host.apply(loading.finish(context: h.host.context))
        #expect(h.host.nextDeadline == nil)
        #expect(h.transcript == [
            "<loading> Loading the timeline",
            "<loading>",
            "<loading>",
            "<sent> [notification] the timeline loaded",
        ])
    }

    /// A wait for the server's limit is shown under what loads, and said in the description.
    @Test func aNoteIsShownUnderWhatLoadsAndSaidOnFocus() {
        let loading = LoadingState()
        let h = Harness([loading], size: Size(width: 40, height: 12))
        h.host.apply(loading.begin("the thread", context: h.host.context))
        loading.note = "The server's limit of calls is used up until 12:05."
        h.advance(by: .milliseconds(100))
        #expect(Array(h.lines[2...4]) == [
            " > Loading the thread. Esc cancels",
            "   The server's limit of calls is used",
            "   up until 12:05.",
        ])
        #expect(h.host.context.spoken(loading.accessibility(context: h.host.context))
            == "Loading the thread, please wait, The server's limit of calls is used up until 12:05, Escape cancels.")
    }

    @Test func escapeCancelsAndTellsTheScreen() {
        let loading = LoadingState()
        let h = Harness([loading])
        h.host.apply(loading.begin("followers", context: h.host.context))
        h.press(.enter, .escape)
        #expect(h.screen.events == [.cancelled])
        #expect(h.transcript == ["<loading> Loading followers", "0 so far", "<cancel> Loading followers cancelled"])
        #expect(h.host.isFinished == false)
        h.press(.escape)
        #expect(h.host.isFinished)
    }
}
