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

    /// Issue 16: "line mode cuts the focused line with '...'". The focused item is printed whole.
    @Test func aFocusedLineTheLayoutCutIsPrintedWhole() {
        var printed: [String] = []
        let lines = LineTerminal(size: Size(width: 20, height: 4), input: -1) { printed.append($0) }
        func frame(_ rows: [String]) -> CellGrid {
            var grid = CellGrid(size: Size(width: 20, height: 4))
            for (y, row) in rows.enumerated() { grid.write(row, at: Point(x: 0, y: y), style: .plain) }
            return grid
        }
        let long = "Ana: a post far longer than twenty columns, read whole."
        lines.present(frame(["Title", "> Short", "  Ana: a post far...", "  Three"]), cursor: Point(x: 2, y: 1), focusedText: "Short")
        lines.present(frame(["Title", "  Short", "> Ana: a post far...", "  Three"]), cursor: Point(x: 2, y: 2), focusedText: long)
        #expect(printed.suffix(1) == ["> " + long + "\n"])
        // A line that was not cut is printed as drawn.
        lines.present(frame(["Title", "> Short", "  Ana: a post far...", "  Three"]), cursor: Point(x: 2, y: 1), focusedText: "Short")
        #expect(printed.last == "> Short\n")
    }
}
