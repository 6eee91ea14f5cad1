import Testing
import TerminalKit

@Suite struct FrameDiffTests {
    private func grid(_ lines: [String], width: Int = 10) -> CellGrid {
        var grid = CellGrid(size: Size(width: width, height: lines.count))
        for (y, line) in lines.enumerated() { grid.write(line, at: Point(x: 0, y: y), style: .plain) }
        return grid
    }

    @Test func firstFrameWritesEveryCell() {
        let diff = FrameDiff(from: nil, to: grid(["ab", "cd"]))
        #expect(diff.changedCells == 20)
        #expect(diff.runs.count == 2)
    }

    @Test func identicalFramesWriteNothing() {
        let a = grid(["hello", "world"])
        #expect(FrameDiff(from: a, to: a).changedCells == 0)
        #expect(FrameDiff(from: a, to: a).runs == [])
    }

    @Test func onlyChangedCellsAreWritten() {
        let a = grid(["> Home", "  Post", "  Quit"])
        let b = grid(["  Home", "> Post", "  Quit"])
        let diff = FrameDiff(from: a, to: b)
        #expect(diff.changedCells == 2)
        #expect(diff.runs.map { [$0.row, $0.column, $0.cells.count] } == [[0, 0, 1], [1, 0, 1]])
    }

    @Test func styleChangesCount() {
        let a = grid(["Home"])
        var b = a
        b.write("Home", at: .zero, style: Style(reverse: true))
        #expect(FrameDiff(from: a, to: b).changedCells == 4)
    }

    @Test func wideCharactersAreRewrittenWhole() {
        let a = grid(["a世b"])
        let b = grid(["a界b"])
        let diff = FrameDiff(from: a, to: b)
        #expect(diff.changedCells == 1)
        #expect(diff.runs.count == 1)
        #expect(diff.runs[0].column == 1)
        #expect(diff.runs[0].cells.map(\.text) == ["界"])  // its continuation cell is unchanged
    }

    @Test func aSizeChangeRedrawsEverything() {
        let a = grid(["ab"], width: 4)
        let b = grid(["ab"], width: 5)
        #expect(FrameDiff(from: a, to: b).changedCells == 5)
    }
}
