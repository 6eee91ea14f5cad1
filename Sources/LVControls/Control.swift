import BrailleKit
import ParlaBase
import TerminalKit

/// An accessible control: a pure render, a key table, key handling that returns what to say,
/// and a description said whenever it gets focus.
///
/// Controls are classes: their state changes only in ``handle(_:context:)``, ``tick(context:)``
/// and the focus calls; ``render(into:area:focused:context:)`` draws that state and changes nothing.
public protocol Control: AnyObject {
    /// The key table: what the control does with which keys, each with a localized description
    /// (the same table drives behaviour, F1 help and input help).
    var bindings: [KeyBinding<ControlCommand>] { get }

    /// Whether printable keys type text here (then `?` is text, not the input-help key).
    var acceptsText: Bool { get }

    /// Rows the control wants at `width` columns.
    func preferredHeight(width: Int) -> Int

    /// Draws the control into `area` of `grid`; returns where the hardware cursor goes when focused.
    func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point

    /// Handles a key while focused; nil when the key means nothing here (the host may use it).
    func handle(_ key: Key, context: ControlContext) -> ControlResponse?

    /// What the control says about itself on focus.
    func accessibility(context: ControlContext) -> AccessibilityDescription

    /// Called when focus arrives, after the description is said: extra cues (the keypad's centre cue).
    func focusEntered(context: ControlContext) -> ControlResponse

    /// Called when focus leaves: timers stop, pending input is committed.
    func focusLeft(context: ControlContext) -> ControlResponse

    /// When the control next needs ``tick(context:)``, on the host's clock; nil when no timer runs.
    var nextDeadline: Duration? { get }

    /// Runs timers that are due at `context.now`.
    func tick(context: ControlContext) -> ControlResponse

    /// Tells the control the area the layout gave it (a wheel's page, a field's wrap width).
    func noteArea(_ area: Rect)

    /// The focused item whole, as a line backend prints it when the layout cut it (a wheel's current item,
    /// a label's text); nil: the drawn line is all there is.
    var wholeText: String? { get }

    /// The columns the control's one-line text needs when shown whole (without the focus marker);
    /// nil when it has no single natural width. The toolbar uses it when equal parts would cut a label.
    var naturalWidth: Int? { get }

    /// The control as the braille focus line shows it, made from what it says (a text field's text with
    /// the cursor at the caret, a wheel's item, the word under review); nil: the host makes the line from
    /// the description (``AccessibilityDescription/braille(localizer:)``).
    func brailleLine(context: ControlContext) -> BrailleLine?

    /// A cursor-routing key of the braille display over character `offset` of ``brailleLine(context:)``;
    /// nil: the key activates the control as Enter does.
    func route(toCharacter offset: Int, context: ControlContext) -> ControlResponse?

    /// What the control draws in the terminal's own pixel graphics over `area` (where it was just rendered), when
    /// the terminal has them; nil: its cells are all it shows.
    func pixels(in area: Rect, context: ControlContext) -> TerminalPixels?
}

extension Control {
    public var acceptsText: Bool { false }
    public func preferredHeight(width: Int) -> Int { 1 }
    public func focusEntered(context: ControlContext) -> ControlResponse { .none }
    public func focusLeft(context: ControlContext) -> ControlResponse { .none }
    public var nextDeadline: Duration? { nil }
    public func tick(context: ControlContext) -> ControlResponse { .none }
    public func noteArea(_ area: Rect) {}
    public var wholeText: String? { nil }
    public var naturalWidth: Int? { nil }
    public func brailleLine(context: ControlContext) -> BrailleLine? { nil }
    public func route(toCharacter offset: Int, context: ControlContext) -> ControlResponse? { nil }
    public func pixels(in area: Rect, context: ControlContext) -> TerminalPixels? { nil }

    /// The command `key` is bound to in this control's table.
    public func command(for key: Key) -> ControlCommand? { bindings.action(for: key) }
}

/// Drawing shared by controls: the focus marker, reverse video and the label's first character.
public enum ControlChrome {
    /// Columns taken by the focus marker and the space after it.
    public static func markerWidth(_ theme: Theme) -> Int { DisplayWidth.of(theme.focusMarker) + 1 }

    /// Draws the focus marker (or blanks) at the start of `area`'s first row; returns where text starts.
    ///
    /// Focus is shown by the marker and by reverse video, never by colour alone.
    @discardableResult
    public static func marker(into grid: inout CellGrid, area: Rect, focused: Bool, theme: Theme) -> Point {
        let width = markerWidth(theme)
        if focused {
            grid.write(theme.focusMarker + " ", at: area.origin, style: theme.style(.focused), maxWidth: width)
        }
        return Point(x: area.x + width, y: area.y)
    }

    /// Draws one line of a control: marker, then `text` in the focused or normal style; with `wraps`, and
    /// more rows than one, the text wraps over them rather than being cut.
    ///
    /// - Returns: where the cursor goes: the first character of the text.
    @discardableResult
    public static func line(
        _ text: String, into grid: inout CellGrid, area: Rect, focused: Bool, theme: Theme, role: StyleRole = .normal, wraps: Bool = false
    ) -> Point {
        guard area.width > 0, area.height > 0 else { return area.origin }
        let start = marker(into: &grid, area: area, focused: focused, theme: theme)
        let room = area.maxX - start.x
        let style = theme.textStyle(focused: focused, role: role)
        if wraps, area.height > 1 {
            grid.writeWrapped(TextSafety.stripped(text), in: Rect(x: start.x, y: start.y, width: room, height: area.height), style: style,
                              ellipsis: theme.charset.ellipsis)
        } else {
            grid.write(TextSafety.stripped(text), at: start, style: style, maxWidth: room, ellipsis: theme.charset.ellipsis)
        }
        return start
    }
}
