import LVControls
import Testing

@Suite struct WheelContinuesTests {
    @Test func movingPastTheLastItemOfAWheelThatContinuesAsksItsScreenAndSaysNothing() {
        let wheel = Wheel("Posts", items: ArrayWheelItems(["Ana", "Ben", "Cai"]))
        wheel.continuesBelow = true
        let h = Harness([wheel], settings: ControlSettings(verbosity: .short))
        h.press(.end, .down, .pageDown, .end)
        #expect(h.transcript == ["Cai"])
        #expect(h.screen.events == [.pastEnd, .pastEnd, .pastEnd])
        #expect(wheel.index == 2)
        // Once nothing more follows, the edge is back.
        wheel.continuesBelow = false
        h.press(.down)
        #expect(h.transcript == ["Cai", "<edge> Cai"])
        #expect(h.screen.events.count == 3)
    }
}

/// An empty list answered Down, Up, Home and Right with silence (the tester, in search results with none):
/// it says what it is empty with, at the edge.
@Suite struct EmptyWheelTests {
    @Test func anEmptyWheelAnswersItsKeysAtTheEdge() {
        let empty = Wheel("Results", items: ArrayWheelItems([]))
        let h = Harness([empty])
        h.press(.down, .up)
        #expect(h.transcript == ["<edge> empty", "<edge> empty"])
        empty.emptyValue = "No results"
        h.press(.home)
        #expect(h.transcript.last == "<edge> No results")
        // A letter is not the wheel's key when it is empty: the screen may have it.
        #expect(empty.handle(.char("w"), context: h.host.context) == nil)
    }
}
