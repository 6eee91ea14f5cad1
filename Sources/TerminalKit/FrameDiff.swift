/// The cells that differ between two frames, grouped into runs along a row.
///
/// A backend writes only these, never clearing the screen per key press, so a terminal,
/// a screen reader reviewing it and a slow link see only what changed.
public struct FrameDiff: Equatable, Sendable {
    /// A stretch of changed cells on one row.
    public struct Run: Equatable, Sendable {
        public let row: Int
        public let column: Int
        /// The new cells of the run (continuation cells included).
        public let cells: [Cell]
    }

    public let runs: [Run]

    /// Cells that change (continuation cells of wide characters not counted).
    public var changedCells: Int { runs.reduce(0) { $0 + $1.cells.filter { !$0.isContinuation }.count } }

    /// Compares `old` (nil: nothing shown yet) with `new`; a size change redraws everything.
    public init(from old: CellGrid?, to new: CellGrid) {
        var runs: [Run] = []
        let width = new.size.width
        let previous = old.flatMap { $0.size == new.size ? $0 : nil }
        // A changed continuation cell always comes with its changed wide character just left of it,
        // so plain runs of changed cells never start in the middle of a wide character.
        for y in 0..<new.size.height {
            var x = 0
            while x < width {
                if let previous, previous[x, y] == new[x, y] {
                    x += 1
                    continue
                }
                let start = x
                var cells: [Cell] = []
                while x < width, previous == nil || previous![x, y] != new[x, y] {
                    cells.append(new[x, y])
                    x += 1
                }
                runs.append(Run(row: y, column: start, cells: cells))
            }
        }
        self.runs = runs
    }
}
