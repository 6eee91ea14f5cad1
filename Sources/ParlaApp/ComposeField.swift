import LVControls
import ParlaBase
import SpeechKit
import TerminalKit

/// The commands of the compose field's list.
extension ControlCommand {
    static let nextChoice = ControlCommand(rawValue: "next-choice")
    static let previousChoice = ControlCommand(rawValue: "previous-choice")
    static let takeChoice = ControlCommand(rawValue: "take-choice")
    static let closeList = ControlCommand(rawValue: "close-list")
    static let skipWord = ControlCommand(rawValue: "skip-word")
    static let addWord = ControlCommand(rawValue: "add-word")
}

/// What the compose field's list does with its keys and its timer (``ComposeAssist``).
protocol ComposeFieldDelegate: AnyObject {
    /// One of the list's commands, while it is open.
    func listCommand(_ command: ControlCommand, context: ControlContext) -> ControlResponse
    /// The pause after typing is over: time to ask the server.
    func searchDue(context: ControlContext) -> ControlResponse
}

/// The compose screen's text field with a list under it: the completions of the @mention or #hashtag
/// being typed, or a misspelt word's suggestions.
///
/// While the list is open, Up and Down move through it, Enter takes the focused choice and Escape closes
/// it (the text stays as it is); while spelling, Right skips the word and Insert adds it to the user's
/// words. Every other key is the text field's. The hardware cursor sits on the focused completion, or
/// in the text (on the misspelt word) otherwise.
final class ComposeField: Control {
    /// What the list holds.
    enum ListKind: Equatable {
        case completion
        case spelling
    }

    /// One line of the list.
    struct Choice: Equatable {
        /// What goes into the text.
        var text: String
        /// What is said and shown ("@ana@example.social, Ana Ruiz").
        var label: String
    }

    /// Rows of the list shown at most; it scrolls to keep the focused choice in view.
    static let visibleRows = 4

    let field: TextField
    weak var delegate: (any ComposeFieldDelegate)?
    private(set) var kind: ListKind?
    private(set) var choices: [Choice] = []
    /// The focused choice; nil while none is (the cursor stays in the text).
    private(set) var chosen: Int?
    /// A line over the choices (the misspelt word).
    private(set) var heading: String?
    /// When the server's search is due (the pause after typing), on the host's clock.
    var searchDeadline: Duration?
    /// Word prediction's keys (Alt+1 to Alt+5): the response to one, nil for any other key.
    var wordKeys: ((Key) -> ControlResponse?)?
    /// Word prediction's line in the key help.
    var wordBindings: (() -> [KeyBinding<ControlCommand>])?

    init(field: TextField) {
        self.field = field
    }

    var isOpen: Bool { kind != nil }

    /// Opens (or refreshes) the list.
    func open(_ kind: ListKind, choices: [Choice], chosen: Int?, heading: String? = nil) {
        self.kind = kind
        self.choices = choices
        self.chosen = chosen.flatMap { choices.indices.contains($0) ? $0 : nil }
        self.heading = heading
    }

    /// Closes the list; the text stays as it is.
    func close() {
        kind = nil
        choices = []
        chosen = nil
        heading = nil
    }

    /// Moves the focused choice; returns false at either end (the first Down focuses the first choice).
    func move(by step: Int) -> Bool {
        guard !choices.isEmpty else { return false }
        let next = chosen.map { $0 + step } ?? (step > 0 ? 0 : -1)
        guard choices.indices.contains(next) else { return false }
        chosen = next
        return true
    }

    // MARK: Keys

    var acceptsText: Bool { true }

    /// The list's keys while it is open, else none.
    var listBindings: [KeyBinding<ControlCommand>] {
        guard let kind else { return [] }
        var table = [
            KeyBinding([.down], ControlCommand.nextChoice, "key.next-choice"),
            KeyBinding([.up], ControlCommand.previousChoice, "key.previous-choice"),
        ]
        switch kind {
        case .completion:
            if chosen != nil { table.append(KeyBinding([.enter], .takeChoice, "key.take-completion")) }
            table.append(KeyBinding([.escape], .closeList, "key.close-completion"))
        case .spelling:
            if chosen != nil { table.append(KeyBinding([.enter], .takeChoice, "key.take-suggestion")) }
            table.append(KeyBinding([.right], .skipWord, "key.skip-word"))
            table.append(KeyBinding([.insert], .addWord, "key.add-word"))
            table.append(KeyBinding([.escape], .closeList, "key.stop-spelling"))
        }
        return table
    }

    var bindings: [KeyBinding<ControlCommand>] {
        let list = listBindings + (wordBindings?() ?? [])
        let taken = Set(list.flatMap(\.keys))
        return list + field.bindings.filter { !$0.keys.contains(where: taken.contains) }
    }

    func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        if let command = listBindings.action(for: key), let delegate { return delegate.listCommand(command, context: context) }
        if let taken = wordKeys?(key) { return taken }
        return field.handle(key, context: context)
    }

    // MARK: Time

    var nextDeadline: Duration? { searchDeadline }

    func tick(context: ControlContext) -> ControlResponse {
        guard let due = searchDeadline, due <= context.now else { return .none }
        searchDeadline = nil
        return delegate?.searchDue(context: context) ?? .none
    }

    // MARK: Focus and description

    func accessibility(context: ControlContext) -> AccessibilityDescription { field.accessibility(context: context) }

    func focusEntered(context: ControlContext) -> ControlResponse { field.focusEntered(context: context) }

    /// Leaving the field closes the list (quietly) and forgets a pending search.
    func focusLeft(context: ControlContext) -> ControlResponse {
        close()
        searchDeadline = nil
        return field.focusLeft(context: context)
    }

    var wholeText: String? { field.wholeText }

    // MARK: Drawing

    /// Rows the list takes now.
    var listRows: Int {
        guard isOpen else { return 0 }
        return (heading == nil ? 0 : 1) + max(1, min(choices.count, Self.visibleRows))
    }

    func preferredHeight(width: Int) -> Int { field.preferredHeight(width: width) + listRows }

    func noteArea(_ area: Rect) { field.noteArea(fieldArea(in: area)) }

    private func fieldArea(in area: Rect) -> Rect {
        let rows = max(1, min(field.preferredHeight(width: area.width), area.height - listRows))
        return Rect(x: area.x, y: area.y, width: area.width, height: rows)
    }

    func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let top = fieldArea(in: area)
        let caret = field.render(into: &grid, area: top, focused: focused, context: context)
        guard isOpen else { return caret }
        let theme = context.theme
        let indent = area.x + ControlChrome.markerWidth(theme) + 2
        let width = max(0, area.maxX - indent)
        var y = top.maxY
        if let heading, y < area.maxY {
            grid.write(TextSafety.stripped(heading), at: Point(x: indent, y: y), style: theme.style(.heading), maxWidth: width,
                       ellipsis: theme.charset.ellipsis)
            y += 1
        }
        guard y < area.maxY else { return caret }
        guard !choices.isEmpty else {
            let none = context.string("list.empty")
            grid.write(none, at: Point(x: indent, y: y), style: theme.style(.muted), maxWidth: width, ellipsis: theme.charset.ellipsis)
            return caret
        }
        let rows = min(area.maxY - y, Self.visibleRows, choices.count)
        let first = max(0, min((chosen ?? 0) - rows + 1, choices.count - rows))
        var cursor = caret
        for row in 0..<rows {
            let index = first + row
            let here = Point(x: indent, y: y + row)
            let isChosen = index == chosen
            if isChosen {
                grid.write(theme.focusMarker, at: Point(x: indent - ControlChrome.markerWidth(theme), y: here.y), style: theme.style(.focused),
                           maxWidth: ControlChrome.markerWidth(theme))
                // Completions take the cursor; a misspelt word keeps it in the text, on the word.
                if kind == .completion { cursor = here }
            }
            grid.write(TextSafety.stripped(choices[index].label), at: here, style: theme.style(isChosen ? .focused : .normal), maxWidth: width,
                       ellipsis: theme.charset.ellipsis)
        }
        return cursor
    }
}
