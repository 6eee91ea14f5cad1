import ParlaBase
import SpeechKit
import TerminalKit

/// LVButton: Enter or Space activates it with the activate earcon.
///
/// Three kinds: a plain button; a two-step button whose first press asks for a second to
/// confirm (the thesis's two-finger confirm); and a toggle that says on or off.
public final class Button: Control {
    /// How the button acts.
    public enum Kind: Sendable, Equatable {
        case plain
        /// The first press arms, the second confirms; leaving the button disarms it.
        case twoStep
        /// Flips between on and off.
        case toggle
    }

    public var title: String
    public let kind: Kind
    /// A toggle's state.
    public private(set) var isOn: Bool
    /// Whether a two-step button is waiting for its confirming press.
    public private(set) var isArmed = false
    /// An optional value said after the title ("Theme: yellow on black").
    public var value: String?

    public init(_ title: String, kind: Kind = .plain, isOn: Bool = false, value: String? = nil) {
        self.title = title
        self.kind = kind
        self.isOn = isOn
        self.value = value
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.enter, .space], .activate, "lv.key.button.activate"),
    ]

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        switch kind {
        case .plain:
            return AccessibilityDescription(label: title, role: .button, value: value, hint: context.string("lv.hint.button"))
        case .twoStep:
            return AccessibilityDescription(label: title, role: .button, value: value, hint: context.string("lv.hint.button.two-step"))
        case .toggle:
            return AccessibilityDescription(label: title, role: .toggle, value: value,
                                            state: context.string(isOn ? "lv.state.on" : "lv.state.off"),
                                            hint: context.string("lv.hint.toggle"))
        }
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        var text = "[\(title)]"
        if let value { text += " \(value)" }
        if kind == .toggle { text = "[\(isOn ? "x" : " ")] " + title + " " + context.string(isOn ? "lv.state.on" : "lv.state.off") }
        if isArmed { text += " " + context.string("lv.button.armed.shown") }
        return ControlChrome.line(text, into: &grid, area: area, focused: focused, theme: context.theme)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard command(for: key) == .activate else { return nil }
        return press(context: context)
    }

    /// Presses the button as Enter would.
    public func press(context: ControlContext) -> ControlResponse {
        switch kind {
        case .plain:
            return ControlResponse([.text(context.string("lv.button.done", ["title": title]), earcon: .activate)],
                                   events: [ControlEvent(source: self, kind: .activated)])
        case .twoStep:
            if isArmed {
                isArmed = false
                return ControlResponse([.text(context.string("lv.button.done", ["title": title]), earcon: .activate)],
                                       events: [ControlEvent(source: self, kind: .activated)])
            }
            isArmed = true
            return ControlResponse([.text(context.string("lv.button.confirm", ["title": title]))])
        case .toggle:
            isOn.toggle()
            return ControlResponse([.text(context.string(isOn ? "lv.state.on" : "lv.state.off"), earcon: isOn ? .toggleOn : .toggleOff)],
                                   events: [ControlEvent(source: self, kind: .toggled(isOn))])
        }
    }

    public func focusLeft(context: ControlContext) -> ControlResponse {
        isArmed = false
        return .none
    }

    /// Sets a toggle's state without announcing it.
    public func setOn(_ on: Bool) { isOn = on }
}
