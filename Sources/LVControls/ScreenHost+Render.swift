import ParlaBase
import SpeechKit
import TerminalKit

extension ScreenHost {
    /// Draws the top screen and puts the hardware cursor on the focused control.
    public func render() {
        let (grid, cursor) = frame(size: backend.size)
        let drawn = stack.isEmpty ? nil : (control: ObjectIdentifier(focused), row: cursor.y)
        // In the screen-reader drawing a focus move changes only the blocks before the old and new items; the
        // new item's row is written again whole, so a reader of what is written reads it (and nothing else).
        if theme.plain, let drawn, let last = lastFocusDrawn, last.control != drawn.control || last.row != drawn.row {
            backend.rewriteRow(drawn.row)
        }
        lastFocusDrawn = drawn
        backend.present(grid, cursor: cursor, focusedText: stack.isEmpty ? nil : focused.wholeText)
        backend.showPixels(framePixels)
    }

    /// The frame for `size`: title, body of controls, toolbar; and where the cursor goes.
    public func frame(size: Size) -> (CellGrid, Point) {
        let context = self.context
        framePixels = nil
        let normal = theme.style(.normal)
        var grid = CellGrid(size: size, fill: normal)
        let ellipsis = theme.charset.ellipsis
        guard size.fits(Self.minimumSize) else {
            grid.writeWrapped(tooSmallText(), in: grid.bounds, style: theme.style(.alert), ellipsis: ellipsis)
            return (grid, .zero)
        }
        let area = grid.bounds.inset(top: 0, left: 1, bottom: 0, right: 1)
        var title = screen.title
        if inputHelp { title += " · " + localizer.string("lv.input-help.shown") }
        grid.write(title, at: area.origin, style: theme.style(.heading), maxWidth: area.width, ellipsis: ellipsis)
        let body = Rect(x: area.x, y: 2, width: area.width, height: size.height - 4)
        // The screen-reader drawing leaves the rules' rows blank: the same layout, nothing for a reader to read.
        if !theme.plain {
            grid.horizontalRule(at: Point(x: area.x, y: 1), width: area.width, style: theme.style(.border), charset: theme.charset)
            grid.horizontalRule(at: Point(x: area.x, y: size.height - 2), width: area.width, style: theme.style(.border), charset: theme.charset)
        }
        let toolbarRow = Rect(x: area.x, y: size.height - 1, width: area.width, height: 1)

        let rects = bodyLayout(in: body, context: context) + screen.toolbar.layout(
            in: toolbarRow, markerWidth: ControlChrome.markerWidth(theme), outer: Rect(x: 0, y: toolbarRow.y, width: size.width, height: 1))
        let all = focusables
        let focusedControl = focused
        var cursor = body.origin
        focusArea = nil
        for (control, rect) in zip(all, rects) where !rect.isEmpty {
            control.noteArea(rect)
            let isFocused = control === focusedControl
            let point = control.render(into: &grid, area: rect, focused: isFocused, context: context)
            if isFocused {
                cursor = point
                focusArea = rect
            }
            if framePixels == nil { framePixels = control.pixels(in: rect, context: context) }
        }
        // Text over the body (a message, the status line) is not hidden under a picture's pixels.
        if message != nil || status != nil { framePixels = nil }
        if let message {
            grid.fill(body, style: normal)
            grid.writeWrapped(message, in: body, style: normal, ellipsis: ellipsis)
            cursor = body.origin
        }
        if let status, status != message {
            drawStatus(status, in: &grid, area: Rect(x: area.x, y: body.y, width: area.width, height: body.height + 1), cursor: cursor)
        }
        return (grid, cursor)
    }

    /// Draws the status line on the rule above the toolbar (the last row of `area`), unless the screen
    /// already shows the text (a post read as it opens). A longer text wraps upwards over the blank rows
    /// just above the rule (two at most), never over anything drawn nor the cursor's row.
    func drawStatus(_ text: String, in grid: inout CellGrid, area: Rect, cursor: Point) {
        let plain = TextSafety.stripped(text)
        if let probe = TextLayout.wrap(plain, width: min(24, area.width)).first, !probe.isEmpty,
           (area.minY..<area.maxY).contains(where: { grid.line($0).contains(probe) }) {
            return
        }
        let wanted = min(3, TextLayout.wrap(plain, width: area.width).count)
        var rows = 1
        while rows < wanted, case let y = area.maxY - 1 - rows, y >= area.minY, y != cursor.y, grid.line(y).isEmpty { rows += 1 }
        let box = Rect(x: area.x, y: area.maxY - rows, width: area.width, height: rows)
        let style = theme.style(.heading)
        grid.fill(box, style: style)
        grid.writeWrapped(plain, in: box, style: style, ellipsis: theme.charset.ellipsis)
    }

    /// The screen's layout of its body; when it leaves the focused control out or puts it outside the body (a
    /// small window), the controls are stacked and scrolled instead, so the focus always shows.
    func bodyLayout(in body: Rect, context: ControlContext) -> [Rect] {
        let controls = screen.controls
        let rects = screen.layout(in: body, focus: focusIndex, context: context)
        guard controls.indices.contains(focusIndex), rects.indices.contains(focusIndex) else { return rects }
        let rect = rects[focusIndex]
        guard rect.isEmpty || rect.intersection(body) != rect else { return rects }
        return ScrollingLayout.vertical(controls, in: body, focus: focusIndex)
    }

    func tooSmallText() -> String {
        localizer.string("screen.too-small", ["width": String(Self.minimumSize.width), "height": String(Self.minimumSize.height)])
    }

    /// Says once that the window became too small; forgets it when the window fits again.
    func noteSize() {
        if backend.size.fits(Self.minimumSize) {
            saidTooSmall = false
        } else if !saidTooSmall {
            saidTooSmall = true
            speech.say(Utterance(tooSmallText(), priority: .alert, earcon: .error))
        }
    }
}
