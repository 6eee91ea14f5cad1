import ParlaBase
import SpeechKit
import TerminalKit

/// A button that carries on or off ("Sound, toggle button, off"): Enter or Space switches it and
/// says the new state with the toggle earcon; the screen hears `.toggled(isOn)`.
///
/// The state can also be set from outside without a word (a post's boost coming from the server).
public final class Toggle: Control {
    public var title: String
    /// Whether it is on.
    public private(set) var isOn: Bool
    /// An optional value said after the title.
    public var value: String?

    public init(_ title: String, isOn: Bool = false, value: String? = nil) {
        self.title = title
        self.isOn = isOn
        self.value = value
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.enter, .space], .activate, "lv.key.button.activate"),
    ]

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(label: title, role: .toggle, value: value, state: stateName(context), hint: context.string("lv.hint.toggle"))
    }

    private func stateName(_ context: ControlContext) -> String { context.string(isOn ? "lv.state.on" : "lv.state.off") }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let text = "[\(isOn ? "x" : " ")] " + title + " " + stateName(context)
        return ControlChrome.line(text, into: &grid, area: area, focused: focused, theme: context.theme)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard command(for: key) == .activate else { return nil }
        return press(context: context)
    }

    /// Switches it as Enter would.
    public func press(context: ControlContext) -> ControlResponse {
        isOn.toggle()
        return ControlResponse([.text(stateName(context), earcon: isOn ? .toggleOn : .toggleOff)],
                               events: [ControlEvent(source: self, kind: .toggled(isOn))])
    }

    /// Sets the state without announcing it.
    public func setOn(_ on: Bool) { isOn = on }
}
