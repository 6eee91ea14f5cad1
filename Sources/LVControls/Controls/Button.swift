import ParlaBase
import SpeechKit
import TerminalKit

/// LVButton: Enter or Space activates it with the activate earcon.
///
/// Two kinds: a plain button; and a two-step button whose first press asks for a second to
/// confirm (``ConfirmTwice``). A button that carries on or off is a ``Toggle``.
public final class Button: Control {
    /// How the button acts.
    public enum Kind: Sendable, Equatable {
        case plain
        /// The first press arms, the second confirms; leaving the button disarms it.
        case twoStep
    }

    public var title: String
    /// A shorter title shown where the full one does not fit (a toolbar at 40 columns in Spanish); the
    /// full title is still the one said.
    public var shortTitle: String?
    /// Whether the button is drawn with its ``shortTitle`` (a toolbar, or a screen, found no room for the title).
    public var showsShortTitle = false
    public let kind: Kind
    private var confirmation = ConfirmTwice<Bool>()
    /// An optional value said after the title ("Theme: yellow on black").
    public var value: String?
    /// Whether a press only plays the activate earcon: its screen says what came of it once that is
    /// known (a server's answer), never "Send done" before anything was sent.
    public var quietPress = false

    public init(_ title: String, kind: Kind = .plain, value: String? = nil) {
        self.title = title
        self.kind = kind
        self.value = value
    }

    /// Whether a two-step button is waiting for its confirming press.
    public var isArmed: Bool { confirmation.isArmed }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.enter, .space], .activate, "lv.key.button.activate"),
    ]

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        let hint = context.string(kind == .twoStep ? "lv.hint.button.two-step" : "lv.hint.button")
        return AccessibilityDescription(label: title, role: .button, value: value, hint: hint)
    }

    public var naturalWidth: Int? { width(showing: title) }

    /// The columns the button takes with its short title (its natural width when it has none).
    var shortWidth: Int { width(showing: shortTitle ?? title) }

    private func width(showing title: String) -> Int {
        DisplayWidth.of(TextSafety.stripped("[\(title)]" + (value.map { " \($0)" } ?? "")))
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        var text = "[\(showsShortTitle ? shortTitle ?? title : title)]"
        if let value { text += " \(value)" }
        if isArmed { text += " " + context.string(context.settings.scanning ? "lv.button.armed.shown.switch" : "lv.button.armed.shown") }
        return ControlChrome.line(text, into: &grid, area: area, focused: focused, theme: context.theme)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard command(for: key) == .activate else { return nil }
        return press(context: context)
    }

    /// Presses the button as Enter would; the first press of a two-step button asks for the second, naming
    /// the switch while scanning (where the scan then waits on the button for it).
    public func press(context: ControlContext) -> ControlResponse {
        if kind == .twoStep, !confirmation.press(true) {
            let asked = context.settings.scanning ? "lv.button.confirm.switch" : "lv.button.confirm"
            var response = ControlResponse([.text(context.string(asked, ["title": title]))])
            response.awaitsConfirmation = true
            return response
        }
        let said: Announcement = quietPress ? .play(.activate) : .text(context.string("lv.button.done", ["title": title]), earcon: .activate)
        return ControlResponse([said], events: [ControlEvent(source: self, kind: .activated)])
    }

    public func focusLeft(context: ControlContext) -> ControlResponse {
        confirmation.disarm()
        return .none
    }
}
