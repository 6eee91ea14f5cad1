import ParlaBase
import SpeechKit
import TerminalKit

/// The thesis's blocker view: says what is being loaded once, then only a soft progress earcon every
/// ``cueInterval`` (no words: Enter says how far it got), Esc cancels.
///
/// Nothing moves by itself on screen: the text changes only when progress is reported or a note is
/// set (a wait for the server's limit). The earcon's timing comes from the injected clock.
public final class LoadingState: Control {
    /// What is being loaded ("the home timeline").
    public private(set) var what: String = ""
    /// `what` as said when that differs from the words shown ("Hashtag tea" for "Hashtag #tea"); nil: as shown.
    public private(set) var said: String?
    public private(set) var isActive = false
    /// Items done and, when known, the total.
    public private(set) var done = 0
    public private(set) var total: Int?
    /// Something to add to what is loading ("waiting for the server's limit until 12:05"), shown and said on focus.
    public var note: String?
    /// The time between two progress earcons.
    public var cueInterval: Duration
    private var lastCue: Duration?

    public init(cueInterval: Duration = .seconds(2)) {
        self.cueInterval = cueInterval
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.escape], .cancel, "lv.key.loading.cancel"),
        KeyBinding([.enter, .space], .sayStatus, "lv.key.loading.status"),
    ]

    /// Starts loading `what`: says so with the loading earcon (a screen that opens for the wait says
    /// it on entry instead, and drops these words).
    ///
    /// - Parameter said: `what` as said when that differs from what is shown; nil: as shown.
    public func begin(_ what: String, said: String? = nil, context: ControlContext) -> ControlResponse {
        self.what = what
        self.said = said
        isActive = true
        done = 0
        total = nil
        note = nil
        lastCue = context.now
        return ControlResponse([.text(context.string("lv.loading.begin", ["what": said ?? what]), earcon: .loading)])
    }

    /// Reports progress: shown, and said when asked (Enter), never by itself.
    public func update(done: Int, total: Int?, context: ControlContext) -> ControlResponse {
        guard isActive else { return .none }
        self.done = done
        self.total = total
        return .none
    }

    /// Ends loading: says it finished.
    public func finish(context: ControlContext) -> ControlResponse {
        guard isActive else { return .none }
        isActive = false
        return ControlResponse([.text(context.string("lv.loading.done", ["what": said ?? what]), priority: .notification, earcon: .sent)])
    }

    /// Whether any progress was reported.
    private var hasProgress: Bool { done > 0 || total != nil }

    /// "40 of 100" or "40 so far".
    public func progressText(_ context: ControlContext) -> String {
        if let total { return context.string("lv.loading.progress", ["done": String(done), "total": String(total)]) }
        return context.string("lv.loading.progress-open", ["done": String(done)])
    }

    public var nextDeadline: Duration? {
        guard isActive, let lastCue else { return nil }
        return lastCue + cueInterval
    }

    /// The progress earcon, once every ``cueInterval`` while loading.
    public func tick(context: ControlContext) -> ControlResponse {
        guard let deadline = nextDeadline, context.now >= deadline else { return .none }
        lastCue = context.now
        return ControlResponse([.play(.loading)])
    }

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(label: context.string("lv.loading.title", ["what": said ?? what]), role: .loading,
                                 value: isActive ? (hasProgress ? progressText(context) : nil) : context.string("lv.loading.idle"),
                                 state: isActive ? note : nil, hint: context.string("lv.hint.loading"))
    }

    /// One line, and the note wrapped under it (at most four rows).
    public func preferredHeight(width: Int) -> Int {
        guard isActive, let note else { return 1 }
        return 1 + min(4, TextLayout.wrap(note, width: max(1, width - 2)).count)
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let line = context.string("lv.loading.title", ["what": what]) + (hasProgress ? ": " + progressText(context) : "")
            + ". " + context.string("lv.loading.esc.shown")
        if isActive, let note, area.height > 1 {
            let rest = Rect(x: area.x + 2, y: area.y + 1, width: max(0, area.width - 2), height: area.height - 1)
            grid.writeWrapped(note, in: rest, style: context.theme.style(.normal), ellipsis: context.theme.charset.ellipsis)
        }
        let text = isActive ? line : context.string("lv.loading.idle")
        return ControlChrome.line(text, into: &grid, area: Rect(x: area.x, y: area.y, width: area.width, height: min(1, area.height)),
                                  focused: focused, theme: context.theme)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        switch command(for: key) {
        case .cancel?:
            guard isActive else { return nil }
            isActive = false
            return ControlResponse([.text(context.string("lv.loading.cancelled", ["what": said ?? what]), earcon: .cancel)],
                                   events: [ControlEvent(source: self, kind: .cancelled)])
        case .sayStatus?:
            return ControlResponse([.text(isActive ? progressText(context) : context.string("lv.loading.idle"))])
        default:
            return nil
        }
    }
}
