import ParlaBase
import TerminalKit

/// The line of predicted words, as the keypad and the word row draw it: "Words: [1 thank] 2 the  3 to" (the
/// numbers are Alt+1 to Alt+5's in the text), the word
/// under the finger bracketed as well as reversed (never by colour alone), each word in the same place
/// wherever the finger is, so nothing moves for a screen reader or a magnifier.
enum WordsLine {
    /// Draws the line from `origin`; returns where the cursor goes (on the chosen word's first letter), nil
    /// when no word is chosen.
    static func draw(_ words: [String], chosen: Int?, into grid: inout CellGrid, at origin: Point, width: Int, focused: Bool,
                     context: ControlContext) -> Point? {
        let theme = context.theme
        let end = origin.x + width
        var x = origin.x
        x += grid.write(context.string("lv.keypad.words.shown") + ": ", at: Point(x: x, y: origin.y), style: theme.style(.normal),
                        maxWidth: max(0, end - x), ellipsis: "")
        guard !words.isEmpty else {
            grid.write(context.string("lv.keypad.words.none"), at: Point(x: x, y: origin.y), style: theme.style(.muted),
                       maxWidth: max(0, end - x), ellipsis: "")
            return nil
        }
        var cursor: Point?
        for (index, word) in words.enumerated() where x < end {
            let isOn = index == chosen
            let number = String(index + 1) + " "
            let shown = number + TextSafety.stripped(word)
            if isOn { cursor = Point(x: x + 1 + number.count, y: origin.y) }
            x += grid.write(isOn ? "[" + shown + "]" : " " + shown + " ", at: Point(x: x, y: origin.y),
                            style: theme.style(isOn && focused ? .focused : .normal), maxWidth: end - x, ellipsis: theme.charset.ellipsis)
        }
        return cursor
    }
}
