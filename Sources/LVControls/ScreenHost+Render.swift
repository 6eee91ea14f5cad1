import ParlaBase
import SpeechKit
import TerminalKit

extension ScreenHost {
    /// Draws the top screen and puts the hardware cursor on the focused control.
    public func render() {
        let (grid, cursor) = frame(size: backend.size)
        backend.present(grid, cursor: cursor, focusedText: stack.isEmpty ? nil : focused.wholeText)
    }

    /// The frame for `size`: title, body of controls, toolbar; and where the cursor goes.
    public func frame(size: Size) -> (CellGrid, Point) {
        let context = self.context
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
        grid.horizontalRule(at: Point(x: area.x, y: 1), width: area.width, style: theme.style(.border), charset: theme.charset)
        let body = Rect(x: area.x, y: 2, width: area.width, height: size.height - 4)
        grid.horizontalRule(at: Point(x: area.x, y: size.height - 2), width: area.width, style: theme.style(.border), charset: theme.charset)
        let toolbarRow = Rect(x: area.x, y: size.height - 1, width: area.width, height: 1)

        let rects = screen.layout(in: body, focus: focusIndex, context: context) + screen.toolbar.layout(
            in: toolbarRow, markerWidth: ControlChrome.markerWidth(theme), outer: Rect(x: 0, y: toolbarRow.y, width: size.width, height: 1))
        let all = focusables
        let focusedControl = focused
        var cursor = body.origin
        for (control, rect) in zip(all, rects) where !rect.isEmpty {
            control.noteArea(rect)
            let isFocused = control === focusedControl
            let point = control.render(into: &grid, area: rect, focused: isFocused, context: context)
            if isFocused { cursor = point }
        }
        if let message {
            grid.fill(body, style: normal)
            grid.writeWrapped(message, in: body, style: normal, ellipsis: ellipsis)
            cursor = body.origin
        }
        return (grid, cursor)
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
