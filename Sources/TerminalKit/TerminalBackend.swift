/// Where frames are shown and keys come from: curses, line mode, or memory in tests.
public protocol TerminalBackend: AnyObject {
    /// The current size in columns and rows.
    var size: Size { get }

    /// Shows `grid` and puts the hardware cursor on `cursor`.
    ///
    /// The cursor must be placed at every refresh, because screen readers, braille displays and
    /// magnifiers follow it to the focused item.
    func present(_ grid: CellGrid, cursor: Point)

    /// Shows `grid` as ``present(_:cursor:)`` does; `focusedText` is the focused item whole (a post the
    /// layout cut with an ellipsis), for a backend that prints lines rather than a screen; it is made only
    /// when such a backend asks for it (every key press draws a frame).
    func present(_ grid: CellGrid, cursor: Point, focusedText: @autoclosure () -> String?)

    /// Writes row `row` whole at the next present, even where it did not change. The screen-reader drawing
    /// asks it for the row the focus moved to: a screen reader that reads what is written (TDSR) then reads
    /// the item focused, and one that compares the screen's text (Fenrir) sees no change but the cursor's.
    func rewriteRow(_ row: Int)

    /// The next key, waiting at most `timeout` (forever when nil); nil when the time ran out,
    /// the wait was woken, or input ended.
    func nextKey(timeout: Duration?) -> Key?

    /// Whether input has ended for good (end of file on a pipe); the program should finish.
    var inputEnded: Bool { get }

    /// Something other threads call to end a `nextKey` wait early (new data to show).
    var waker: any TerminalWaker { get }

    /// What the terminal draws in pixels (it was asked before the screen started).
    var pixelSupport: PixelSupport { get }

    /// Draws `pixels` over the frame just presented, the hardware cursor left where the frame put it; nil, or other
    /// pixels, first takes away the ones shown before (the frame's cells are written again).
    func showPixels(_ pixels: TerminalPixels?)
}

extension TerminalBackend {
    /// A backend that writes no screen (line mode) has nothing to write again.
    public func rewriteRow(_ row: Int) {}

    /// A screen shows the frame as it is drawn: the whole item is on screen readers' review, not needed here.
    public func present(_ grid: CellGrid, cursor: Point, focusedText: @autoclosure () -> String?) {
        present(grid, cursor: cursor)
    }

    /// A backend of characters only (line mode).
    public var pixelSupport: PixelSupport { .none }

    public func showPixels(_ pixels: TerminalPixels?) {}
}

/// Ends a backend's wait for a key from any thread.
public protocol TerminalWaker: Sendable {
    func wake()
}

/// A waker for backends whose waits never block.
public struct NoWaker: TerminalWaker {
    public init() {}
    public func wake() {}
}
