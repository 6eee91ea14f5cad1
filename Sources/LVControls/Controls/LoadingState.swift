import ParlaBase
import SpeechKit
import TerminalKit

/// The thesis's blocker view: says what is being loaded, says progress now and then, Esc cancels.
///
/// Nothing moves by itself on screen: the text changes only when progress is reported. Progress
/// is said at most once every ``speakInterval``; a report that comes sooner is said when the
/// interval has passed (only the newest), so speech never floods.
public final class LoadingState: Control {
    /// What is being loaded ("the home timeline").
    public private(set) var what: String = ""
    public private(set) var isActive = false
    /// Items done and, when known, the total.
    public private(set) var done = 0
    public private(set) var total: Int?
    /// The shortest time between two progress reports said.
    public var speakInterval: Duration
    private var lastSpoken: Duration?
    private var pendingReport = false

    public init(speakInterval: Duration = .seconds(3)) {
        self.speakInterval = speakInterval
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.escape], .cancel, "lv.key.loading.cancel"),
        KeyBinding([.enter, .space], .sayStatus, "lv.key.loading.status"),
    ]

    /// Starts loading `what`: says so with the loading earcon.
    public func begin(_ what: String, context: ControlContext) -> ControlResponse {
        self.what = what
        isActive = true
        done = 0
        total = nil
        lastSpoken = context.now
        pendingReport = false
        return ControlResponse([.text(context.string("lv.loading.begin", ["what": what]), earcon: .loading)])
    }

    /// Reports progress; said now if the interval has passed since the last report, else later.
    public func update(done: Int, total: Int?, context: ControlContext) -> ControlResponse {
        guard isActive else { return .none }
        self.done = done
        self.total = total
        if let lastSpoken, context.now - lastSpoken < speakInterval {
            pendingReport = true
            return .none
        }
        return report(context)
    }

    /// Ends loading: says it finished.
    public func finish(context: ControlContext) -> ControlResponse {
        guard isActive else { return .none }
        isActive = false
        pendingReport = false
        return ControlResponse([.text(context.string("lv.loading.done", ["what": what]), priority: .notification, earcon: .sent)])
    }

    private func report(_ context: ControlContext) -> ControlResponse {
        lastSpoken = context.now
        pendingReport = false
        return ControlResponse([.text(progressText(context), priority: .notification)])
    }

    /// "40 of 100" or "40 so far".
    public func progressText(_ context: ControlContext) -> String {
        if let total { return context.string("lv.loading.progress", ["done": String(done), "total": String(total)]) }
        return context.string("lv.loading.progress-open", ["done": String(done)])
    }

    public var nextDeadline: Duration? {
        guard isActive, pendingReport, let lastSpoken else { return nil }
        return lastSpoken + speakInterval
    }

    public func tick(context: ControlContext) -> ControlResponse {
        guard let deadline = nextDeadline, context.now >= deadline else { return .none }
        return report(context)
    }

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(label: context.string("lv.loading.title", ["what": what]), role: .loading,
                                 value: isActive ? progressText(context) : context.string("lv.loading.idle"),
                                 hint: context.string("lv.hint.loading"))
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let text = isActive
            ? context.string("lv.loading.title", ["what": what]) + ": " + progressText(context) + ". " + context.string("lv.loading.esc.shown")
            : context.string("lv.loading.idle")
        return ControlChrome.line(text, into: &grid, area: area, focused: focused, theme: context.theme)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        switch command(for: key) {
        case .cancel?:
            guard isActive else { return nil }
            isActive = false
            pendingReport = false
            return ControlResponse([.text(context.string("lv.loading.cancelled", ["what": what]), earcon: .cancel)],
                                   events: [ControlEvent(source: self, kind: .cancelled)])
        case .sayStatus?:
            return ControlResponse([.text(isActive ? progressText(context) : context.string("lv.loading.idle"))])
        default:
            return nil
        }
    }
}
