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
