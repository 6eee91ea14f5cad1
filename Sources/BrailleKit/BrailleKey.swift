/// A key of the braille display, as Parla acts on it (the display's other keys stay BRLTTY's).
public enum BrailleKey: Sendable, Hashable {
    /// The panning keys: the line's previous or next part.
    case panLeft, panRight
    /// Line up and line down: the focus moves as Up and Down move it.
    case lineUp, lineDown
    /// A cursor-routing key over cell `cell` of the display (from 0).
    case route(cell: Int)
}
