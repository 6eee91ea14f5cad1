import LVControls
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

@Suite struct TimedSegmentedTests {
    func make(dwell: Int = 800) -> (Harness, TimedSegmented) {
        let timed = TimedSegmented("Colour", options: ["Red", "Green", "Blue", "Yellow"], dwell: .milliseconds(dwell))
        return (Harness([timed], size: Size(width: 60, height: 12)), timed)
    }

    @Test func at800MillisecondsEnterTakesTheOptionBeingSpoken() {
        let (h, timed) = make()
        h.press(.enter)
        h.advance(by: .milliseconds(2500))
        #expect(h.transcript == ["Red", "Green", "Blue", "Yellow"])
        #expect(h.lines[2] == " > (scanning) Colour: Red Green Blue [Yellow]")
        #expect(h.host.nextDeadline == .milliseconds(3200))
        h.press(.enter)
        #expect(h.transcript.last == "<activate> Yellow chosen")
        #expect(h.screen.events == [.selected(3)])
        #expect(timed.selected == 3)
        #expect(h.host.nextDeadline == nil)
        #expect(h.lines[2] == " > Colour: Red Green Blue [Yellow]")
    }

    @Test func escapeStopsScanningAndNothingMoreIsSaid() {
        let (h, _) = make()
        h.press(.space)
        h.advance(by: .milliseconds(900))
        h.press(.escape)
        h.advance(by: .seconds(5))
        #expect(h.transcript == ["Red", "Green", "<cancel> Scanning stopped at Green"])
        #expect(h.host.isFinished == false)
    }

    @Test func aRunEndsAfterTwoRoundsAndTheLastOptionCanBeTakenWithinTheGrace() {
        let (h, timed) = make()
        h.press(.enter)
        h.advance(by: .milliseconds(6400))
        #expect(h.transcript == ["Red", "Green", "Blue", "Yellow", "Red", "Green", "Blue", "Yellow", "<edge> End of scanning"])
        h.advance(by: .milliseconds(500))
        h.press(.enter)
        #expect(h.transcript.last == "<activate> Yellow chosen")
        #expect(timed.selected == 3)
    }

    @Test func afterTheGraceEnterStartsAgainFromTheShownOption() {
        let (h, _) = make()
        h.press(.enter)
        h.advance(by: .milliseconds(7100))
        h.press(.enter)
        #expect(h.transcript.last == "Yellow")
        #expect(h.screen.events == [])
    }

    @Test func dwellIsKeptWithin400And3000Milliseconds() {
        let timed = TimedSegmented("X", options: ["a"], dwell: .milliseconds(100))
        #expect(timed.dwell == .milliseconds(400))
        timed.dwell = .seconds(9)
        #expect(timed.dwell == .milliseconds(3000))
        #expect(TimedSegmented("Y", options: ["a"]).dwell == .milliseconds(1200))
    }

    @Test func leavingTheControlStopsScanning() {
        let (h, _) = make()
        h.press(.enter, .tab)
        h.advance(by: .seconds(3))
        #expect(h.transcript == ["Red", "<focus> Back, button, Press Enter to activate."])
    }
}
