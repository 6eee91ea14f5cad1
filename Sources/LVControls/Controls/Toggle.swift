import ParlaBase
import SpeechKit
import TerminalKit

/// A button that carries on or off ("Sound, toggle button, off"): Enter or Space switches it and
/// says the new state with the toggle earcon; the screen hears `.toggled(isOn)`.
///
/// The state can also be set from outside without a word (a post's boost coming from the server).
///
/// A toggle that ``asks`` does not switch itself: Enter asks its screen for the other state
/// (`.toggled(!isOn)`; the screen says or plays what it makes of it), and the state changes only when
/// the screen sets it (``setOn(_:)``), as when a server must answer first.
public final class Toggle: Control {
    public var title: String
    /// BCP 47 language the title is written in, read in that voice (a poll's option in the post's); nil: the interface's.
    public var titleLanguage: String?
    /// Whether it is on.
    public private(set) var isOn: Bool
    /// An optional value said after the title.
    public var value: String?
    /// Whether Enter only asks for the change (the screen sets the state once it happened).
    public let asks: Bool
    /// Whether it is drawn without the state's word ("[x] Boost"): the box alone shows the state.
    public let compact: Bool
    /// Whether a press only plays the toggle earcon: its screen says the new state with what it makes of it, in one
    /// utterance ("On. Sample: …", which a second press cuts), never the state queued behind an earlier sample.
    public var quietChange = false

    /// - Parameters:
    ///   - asks: Enter asks the screen for the change instead of making it.
    ///   - compact: drawn as the box and the title only (a toolbar of narrow cells).
    public init(_ title: String, isOn: Bool = false, value: String? = nil, asks: Bool = false, compact: Bool = false) {
        self.title = title
        self.isOn = isOn
        self.value = value
        self.asks = asks
        self.compact = compact
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.enter, .space], .activate, "lv.key.button.activate"),
    ]

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(label: title, role: .toggle, value: value, state: stateName(context), hint: context.string("lv.hint.toggle"),
                                 labelLanguage: titleLanguage)
    }

    private func stateName(_ context: ControlContext) -> String { context.string(isOn ? "lv.state.on" : "lv.state.off") }

    /// Two rows where "[x] title" and its state would be cut on one (a long Spanish setting at 40 columns).
    public func preferredHeight(width: Int) -> Int {
        let stateRoom = compact ? 0 : 10  // " on", " activado": the state's name, which the layout does not know
        return DisplayWidth.of("[x] " + TextSafety.stripped(title)) + stateRoom > width - 2 ? 2 : 1
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let text = "[\(isOn ? "x" : " ")] " + title + (compact ? "" : " " + stateName(context))
        return ControlChrome.line(text, into: &grid, area: area, focused: focused, theme: context.theme, wraps: true)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard command(for: key) == .activate else { return nil }
        return press(context: context)
    }

    /// Switches it as Enter would.
    public func press(context: ControlContext) -> ControlResponse {
        if asks { return ControlResponse(events: [ControlEvent(source: self, kind: .toggled(!isOn))]) }
        isOn.toggle()
        let earcon: Earcon = isOn ? .toggleOn : .toggleOff
        return ControlResponse([quietChange ? .play(earcon) : .text(stateName(context), earcon: earcon)],
                               events: [ControlEvent(source: self, kind: .toggled(isOn))])
    }

    /// Sets the state without announcing it.
    public func setOn(_ on: Bool) { isOn = on }
}
