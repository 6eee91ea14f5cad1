import ParlaBase
import SpeechKit
import TerminalKit

/// LVSegmCtrlTime: options said one after another by themselves; Enter takes the one being said.
///
/// Enter or Space starts scanning from the option shown: each option is said and held for the
/// dwell interval (default 1200 ms, 400–3000 ms). Enter takes the option being said; after a
/// run ends (two rounds), Enter within the grace time still takes the last option said.
/// Esc stops scanning. One key is enough to choose, for users with limited motor control.
public final class TimedSegmented: Control {
    public var title: String
    public private(set) var options: [String]
    /// The option shown (and being said while scanning).
    public private(set) var selected: Int
    /// The scanning timer.
    public private(set) var scanner: DwellScanner

    /// - Parameter dwell: how long each option is held; kept within 400–3000 ms.
    public init(_ title: String, options: [String], selected: Int = 0, dwell: Duration = ControlSettings.defaultDwell) {
        precondition(!options.isEmpty, "a timed segmented control needs options")
        self.title = title
        self.options = options
        self.selected = min(max(0, selected), options.count - 1)
        self.scanner = DwellScanner(count: options.count, dwell: ControlSettings.clampDwell(dwell))
    }

    /// The dwell interval (kept within 400–3000 ms).
    public var dwell: Duration {
        get { scanner.dwell }
        set { scanner.dwell = ControlSettings.clampDwell(newValue) }
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.enter, .space], .activate, "lv.key.timed.start-or-take"),
        KeyBinding([.escape], .cancel, "lv.key.timed.stop"),
    ]

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(
            label: title, role: .timedSegmented, value: options[selected],
            state: scanner.isRunning ? context.string("lv.state.scanning") : nil,
            position: .init(index: selected + 1, count: options.count),
            hint: context.string("lv.hint.timed", ["ms": String(dwell.milliseconds)]))
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        // As a segmented control's: the chosen option whole on screen at any width, the cursor on it.
        let shownTitle = scanner.isRunning ? context.string("lv.timed.scanning.shown") + " " + title : title
        return SegmentedLine.draw(title: shownTitle, options: options, selected: selected, into: &grid, area: area, focused: focused,
                                  theme: context.theme)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        switch command(for: key) {
        case .activate?:
            if let choice = scanner.choice(at: context.now) {
                scanner.reset()
                selected = choice
                return ControlResponse([.text(context.string("lv.chosen", ["value": options[choice]]), earcon: .activate)],
                                       events: [ControlEvent(source: self, kind: .selected(choice))])
            }
            selected = scanner.start(at: context.now, from: selected, count: options.count)
            return ControlResponse([.text(options[selected])])
        case .cancel?:
            guard scanner.isRunning else { return nil }
            scanner.stop()
            return ControlResponse([.text(context.string("lv.timed.stopped", ["value": options[selected]]), earcon: .cancel)])
        default:
            return nil
        }
    }

    public var nextDeadline: Duration? { scanner.nextDeadline }

    public func tick(context: ControlContext) -> ControlResponse {
        switch scanner.tick(now: context.now) {
        case .none: return .none
        case .advanced(let index):
            selected = index
            return ControlResponse([.text(options[index])])
        case .finished:
            return ControlResponse([.text(context.string("lv.timed.ended"), earcon: .edge)])
        }
    }

    public func focusLeft(context: ControlContext) -> ControlResponse {
        scanner.stop()
        return .none
    }

    /// Chooses an option without announcing it.
    public func select(_ index: Int) {
        guard options.indices.contains(index) else { return }
        selected = index
    }
}
