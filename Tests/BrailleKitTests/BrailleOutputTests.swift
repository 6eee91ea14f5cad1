import BrailleKit
import BrailleKitTesting
import ParlaBaseTesting
import Testing

/// The braille output over a recording display and a manual clock: what is written and when, the
/// alerts' time, and reconnection paced by the clock.
@Suite struct BrailleOutputTests {
    let display = RecordingBraille(cells: 20)
    let connector = RecordingConnector()
    let clock = ManualClock()

    func output(alert: Duration? = .seconds(4)) -> BrailleOutput {
        let output = BrailleOutput(device: display, connector: connector, clock: clock, enabled: true, alertDuration: alert)
        output.start()
        return output
    }

    @Test func nothingIsWrittenUntilAServerAnswersThenTheLineAtTheDisplaysSize() {
        let output = output()
        output.show(BrailleLine("Send btn"))
        #expect(display.writes.isEmpty)
        _ = output.receive(.connected(cells: 20))
        #expect(display.writes == [.init("Send btn")])
        output.show(BrailleLine("Send btn"))
        #expect(display.writes.count == 1, "the same line is not written twice")
    }

    @Test func anAlertShowsForTheTimeSetThenTheLineComesBackWhereTheUserLeftIt() {
        let output = output(alert: .seconds(4))
        _ = output.receive(.connected(cells: 20))
        output.show(BrailleLine("Ana García: Good morning, everyone!"))
        #expect(output.pan(1))
        output.alert("3 new posts in Home")
        #expect(output.nextDeadline == .seconds(4))
        clock.advance(by: .seconds(3))
        output.tick()
        #expect(display.shown == .init("3 new posts in Home"))
        clock.advance(by: .seconds(1))
        output.tick()
        #expect(display.writes.map(\.text) == ["", "Ana García: Good mor", "ning, everyone!", "3 new posts in Home", "ning, everyone!"],
                "a display that answers is cleared at once")
    }

    @Test func alertsSetToNeverLeaveTheLineAlone() {
        let output = output(alert: nil)
        _ = output.receive(.connected(cells: 20))
        output.show(BrailleLine("Home lst"))
        output.alert("3 new posts in Home")
        #expect(display.writes == [.init(""), .init("Home lst")])
    }

    @Test func aLostConnectionIsAskedForAgainEveryTwoSecondsAndTheLineComesBack() {
        let output = output()
        #expect(connector.requests == 1)
        _ = output.receive(.connected(cells: 20))
        output.show(BrailleLine("Send btn"))
        _ = output.receive(.lost("EOF"))
        output.show(BrailleLine("Cancel btn"))
        clock.advance(by: .milliseconds(1999))
        output.tick()
        #expect(connector.requests == 1)
        clock.advance(by: .milliseconds(1))
        output.tick()
        #expect(connector.requests == 2)
        _ = output.receive(.failed("connection refused"))
        clock.advance(by: .seconds(2))
        output.tick()
        #expect(connector.requests == 3)
        _ = output.receive(.connected(cells: 20))
        #expect(display.writes == [.init(""), .init("Send btn"), .init("Cancel btn")])
    }

    @Test func turnedOffNothingIsWrittenAndTheDisplayIsGivenBack() {
        let output = output()
        output.setEnabled(false)
        _ = output.receive(.connected(cells: 20))
        output.show(BrailleLine("Send btn"))
        #expect(display.writes.isEmpty)
        #expect(connector.disconnections == 1)
        #expect(output.receive(.key(.panRight)) == nil)
    }
}
