import LVControls
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

@Suite struct LoadingStateTests {
    @Test func saysWhatLoadsThenProgressAtMostEveryThreeSeconds() {
        let loading = LoadingState()
        let h = Harness([loading], size: Size(width: 60, height: 12))
        h.host.apply(loading.begin("the timeline", context: h.host.context))
        h.advance(by: .seconds(1))
        h.host.apply(loading.update(done: 10, total: 40, context: h.host.context))
        h.advance(by: .milliseconds(500))
        h.host.apply(loading.update(done: 20, total: 40, context: h.host.context))
        #expect(h.host.nextDeadline == .seconds(3))
        #expect(h.lines[2] == " > Loading the timeline: 20 of 40. Esc cancels")
        h.advance(by: .seconds(2))
        h.host.apply(loading.update(done: 30, total: 40, context: h.host.context))
        h.advance(by: .seconds(4))
        h.host.apply(loading.update(done: 40, total: 40, context: h.host.context))
        h.host.apply(loading.finish(context: h.host.context))
        #expect(h.transcript == [
            "<loading> Loading the timeline",
            "[notification] 20 of 40",
            "[notification] 30 of 40",
            "<sent> [notification] the timeline loaded",
        ])
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
