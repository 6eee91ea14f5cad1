import ParlaBase
import SpeechKit
import TerminalKit

/// LVSegmentedControl: a short list of options, one chosen.
///
/// Left and Right step through the options, each said; Enter keeps the choice; Esc goes back to
/// the choice the control had when focus arrived. Leaving the control keeps what is shown,
/// as lifting the finger did in the thesis, unless ``keepsOnLeave`` is off.
public final class Segmented: Control {
    public var title: String
    public private(set) var options: [String]
    /// The option shown now.
    public private(set) var selected: Int
    /// The option kept (what Esc goes back to).
    public private(set) var kept: Int
    /// Whether leaving the control keeps the option shown (the thesis's lifted finger); when false, only
    /// Enter chooses, and leaving puts back the option kept, silently (Settings: stepping past a speech
    /// rate does not set it).
    public var keepsOnLeave = true
    /// Whether Enter only plays the activate earcon: the screen says what came of the choice itself, in one
    /// utterance with it ("200 chosen. This is how Parla sounds now."), so that neither cuts the other.
    public var quietChoice = false

    public init(_ title: String, options: [String], selected: Int = 0) {
        precondition(!options.isEmpty, "a segmented control needs options")
        self.title = title
        self.options = options
        self.selected = min(max(0, selected), options.count - 1)
        self.kept = self.selected
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.right, .down], .next, "lv.key.segmented.next"),
        KeyBinding([.left, .up], .previous, "lv.key.segmented.previous"),
        KeyBinding([.enter, .space], .activate, "lv.key.segmented.keep"),
        KeyBinding([.escape], .cancel, "lv.key.segmented.restore"),
    ]

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(label: title, role: .segmented, value: options[selected],
                                 position: .init(index: selected + 1, count: options.count),
                                 hint: context.string("lv.hint.segmented"))
    }

    /// One line: the title and the options around the chosen one (``SegmentedLine``), the cursor on
    /// the chosen option, which stays whole on screen however narrow the window.
    public func preferredHeight(width: Int) -> Int { SegmentedLine.rows(title: title, options: options, width: width) }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        SegmentedLine.draw(title: title, options: options, selected: selected, into: &grid, area: area, focused: focused, theme: context.theme)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        switch command(for: key) {
        case .next?, .previous?:
            let target = selected + (command(for: key) == .next ? 1 : -1)
            guard options.indices.contains(target) else {
                return ControlResponse([.text(options[selected], earcon: .edge)])
            }
            selected = target
            return ControlResponse([.text(optionSpoken(context))])
        case .activate?:
            kept = selected
            let said: Announcement = quietChoice ? .play(.activate)
                : .text(context.string("lv.chosen", ["value": options[selected]]), earcon: .activate)
            return ControlResponse([said], events: [ControlEvent(source: self, kind: .selected(selected))])
        case .cancel?:
            guard selected != kept else { return nil }
            selected = kept
            return ControlResponse([.text(context.string("lv.restored", ["value": options[selected]]), earcon: .cancel)])
        default:
            return nil
        }
    }

    public func focusEntered(context: ControlContext) -> ControlResponse {
        kept = selected
        return .none
    }

    public func focusLeft(context: ControlContext) -> ControlResponse {
        guard selected != kept else { return .none }
        guard keepsOnLeave else {
            selected = kept
            return .none
        }
        kept = selected
        return ControlResponse(events: [ControlEvent(source: self, kind: .selected(selected))])
    }

    /// Chooses an option without announcing it (settings loaded at start).
    public func select(_ index: Int) {
        guard options.indices.contains(index) else { return }
        selected = index
        kept = index
    }

    /// Shows the first option without keeping it (scanning going round past the last).
    func showFirst() { selected = 0 }

    func optionSpoken(_ context: ControlContext) -> String {
        context.settings.verbosity == .minimal ? options[selected]
            : context.string("lv.option", ["value": options[selected], "index": String(selected + 1), "count": String(options.count)])
    }
}
