import LineTerminal
import TerminalKit
import Testing

@Suite struct LineTerminalTests {
    @Test func printsTheScreenThenTheFocusedLine() {
        var printed: [String] = []
        let lines = LineTerminal(size: Size(width: 20, height: 4), input: -1) { printed.append($0) }
        func frame(_ rows: [String]) -> CellGrid {
            var grid = CellGrid(size: Size(width: 20, height: 4))
            for (y, row) in rows.enumerated() { grid.write(row, at: Point(x: 0, y: y), style: .plain) }
            return grid
        }
        lines.present(frame(["Title", "> One", "  Two", "  Three"]), cursor: Point(x: 0, y: 1))
        lines.present(frame(["Title", "  One", "> Two", "  Three"]), cursor: Point(x: 0, y: 2))
        lines.present(frame(["Title", "  One", "> Two", "  Three"]), cursor: Point(x: 0, y: 2))
        #expect(printed == ["Title\n", "> One\n", "  Two\n", "  Three\n", "> Two\n"])
    }
}
