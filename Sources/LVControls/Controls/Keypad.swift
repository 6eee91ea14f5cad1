import ParlaBase
import SpeechKit
import TerminalKit

/// LVKeyboard: a 3×4 phone keypad of timed keys that writes into a text field or label.
///
/// The arrows move between keys as a finger would (key 5 plays the centre cue). Enter or Space
/// on a key starts scanning its characters at the dwell interval; Enter again takes the one being
/// said. Digits, * and # typed directly work as phone multi-tap: the same key again picks the next
/// character, which is committed after the dwell interval or when another key is pressed. * changes
/// the mode (lower case, upper case, numbers, symbols), # deletes, 0 is space. Every committed
/// character is said and goes into the target.
public final class Keypad: Control {
    /// What the letter keys type.
    public enum Mode: String, CaseIterable, Sendable {
        case lower, upper, numbers, symbols
        /// The localization key of the mode's name.
        public var nameKey: String { "lv.keypad.mode.\(rawValue)" }
    }

    public var title: String
    /// Where committed characters go.
    public let target: any KeypadTarget
    /// The key under the finger: an index into ``KeypadLayout/keys``.
    public private(set) var selected = KeypadLayout.centre
    public private(set) var mode: Mode = .lower
    /// The dwell of scanning and multi-tap (kept within 400–3000 ms).
    public var dwell: Duration {
        didSet { dwell = ControlSettings.clampDwell(dwell) }
    }
    /// Scanning of the selected key's characters.
    public internal(set) var scanner: DwellScanner
    /// A multi-tap character waiting to be committed: key index, character index, when it commits.
    public private(set) var pending: (key: Int, index: Int, deadline: Duration)?
    /// One-switch scanning inside the keypad: false while rows are scanned, true while a row's keys are.
    var scanningKeys = false
    /// One-switch scanning starts again at the first row at its next step (after a character was taken).
    var scanFromTop = false
    /// What the last step of one-switch scanning's rows is called ("Send"); the switch on it leaves the
    /// keypad and activates it (``ControlEvent/Kind/activated``). Nil: the rows alone.
    public var doneTitle: String?
    /// One-switch scanning is on the ``doneTitle`` step.
    var scanOnDone = false
    /// More steps of one-switch scanning after the rows and before ``doneTitle`` ("Phrases"): the switch on
    /// one sends ``ControlEvent/Kind/step(_:)`` with its index.
    public var steps: [String] = []
    /// One-switch scanning is on step ``steps``[i].
    var scanOnStep: Int?
    /// Words offered for the text (word prediction), shown on a row above the keys: Up from the top row
    /// reaches them, and one-switch scanning offers them first. Choosing one sends ``ControlEvent/Kind/selected(_:)``
    /// with its index; the screen puts it in the text and gives the next words.
    public var words: [String] = [] {
        didSet {
            if let wordIndex, !words.indices.contains(wordIndex) { self.wordIndex = words.isEmpty ? nil : words.count - 1 }
        }
    }
    /// The language the words are said in (the post's); nil: the interface's.
    public var wordsLanguage: String?
    /// Whether the words' row is drawn (prediction on), even while it holds none: the keys stay where they are.
    public var showsWords = false
    /// The word under the finger, when the finger is on the words' row.
    public internal(set) var wordIndex: Int?
    /// One-switch scanning: on the words' row (its step), and going through its words.
    var scanOnWords = false
    var scanningWords = false

    public init(_ title: String, target: any KeypadTarget, dwell: Duration = ControlSettings.defaultDwell) {
        self.title = title
        self.target = target
        self.dwell = ControlSettings.clampDwell(dwell)
        self.scanner = DwellScanner(count: 1, dwell: ControlSettings.clampDwell(dwell))
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.up], .up, "lv.key.keypad.up"),
        KeyBinding([.down], .down, "lv.key.keypad.down"),
        KeyBinding([.left], .previous, "lv.key.keypad.left"),
        KeyBinding([.right], .next, "lv.key.keypad.right"),
        KeyBinding([.enter, .space], .activate, "lv.key.keypad.scan"),
        KeyBinding([.escape], .cancel, "lv.key.keypad.stop"),
        KeyBinding(KeypadLayout.keys.map(Key.char), .multiTap, "lv.key.keypad.multi-tap"),
    ]

    /// The characters of the selected key in the current mode.
    private func characters(ofKey key: Int) -> [Character] {
        KeypadLayout.characters(of: KeypadLayout.keys[key], mode: mode)
    }

    // MARK: Description

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(label: title, role: .keypad, value: keySpoken(selected, context),
                                 state: context.string(mode.nameKey), hint: context.string("lv.hint.keypad"))
    }

    /// How a key is said: "4: g h i", "star: mode", "hash: delete".
    func keySpoken(_ key: Int, _ context: ControlContext) -> String {
        let cap = KeypadLayout.keys[key]
        switch cap {
        case "*": return context.string("lv.keypad.key.star", ["mode": context.string(mode.nameKey)])
        case "#": return context.string("lv.keypad.key.hash")
        default:
            let letters = characters(ofKey: key).filter { $0 != cap }
                .map { SpokenCharacters.name($0, localizer: context.localizer) }
            return letters.isEmpty ? String(cap) : context.string("lv.keypad.key", ["key": String(cap), "letters": letters.joined(separator: " ")])
        }
    }

    public func focusEntered(context: ControlContext) -> ControlResponse {
        selected == KeypadLayout.centre ? ControlResponse([.play(.keypadCentre)]) : .none
    }

    /// Puts the finger on key `index` (one-switch scanning moves it).
    func place(at index: Int) {
        guard KeypadLayout.keys.indices.contains(index) else { return }
        selected = index
    }

    // MARK: Rendering

    public func preferredHeight(width: Int) -> Int { showsWords ? 6 : 5 }

    /// The text drawn on a key: "4 ghi", "* abc", "# del".
    func cap(_ key: Int, _ context: ControlContext) -> String {
        let cap = KeypadLayout.keys[key]
        switch cap {
        case "*": return "* " + context.string("lv.keypad.mode.\(mode.rawValue).shown")
        case "#": return "# " + context.string("lv.keypad.delete.shown")
        default:
            let shown = characters(ofKey: key).filter { $0 != cap }.prefix(4).map { $0 == " " ? "␣" : String($0) }.joined()
            return "\(cap) \(shown)"
        }
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let theme = context.theme
        var heading = "\(title): " + context.string(mode.nameKey)
        if let scanning = scanner.current, scanner.isRunning {
            let shown = characters(ofKey: selected)[scanning]
            heading += " · " + context.string("lv.keypad.scanning.shown", ["char": shown == " " ? "␣" : String(shown)])
        } else if let pending {
            let shown = characters(ofKey: pending.key)[pending.index]
            heading += " · " + context.string("lv.keypad.pending.shown", ["char": shown == " " ? "␣" : String(shown)])
        }
        ControlChrome.line(heading, into: &grid, area: Rect(x: area.x, y: area.y, width: area.width, height: 1),
                           focused: focused, theme: theme, role: .heading)
        let indent = ControlChrome.markerWidth(theme)
        let cellWidth = max(4, min(12, (area.width - indent) / KeypadLayout.columns))
        var cursor = Point(x: area.x + indent, y: area.y)
        let keysTop = area.y + (showsWords ? 2 : 1)
        // In the screen-reader drawing the words are drawn only while the finger is on them: a line that
        // changed with every letter typed would be read out at every letter.
        if showsWords, !(theme.plain && wordIndex == nil), area.y + 1 < area.maxY, let wordsCursor = renderWords(into: &grid, at: Point(x: area.x + indent, y: area.y + 1),
                                                                             width: area.maxX - area.x - indent, focused: focused, context: context) {
            cursor = wordsCursor
        }
        for (index, _) in KeypadLayout.keys.enumerated() {
            let row = index / KeypadLayout.columns, column = index % KeypadLayout.columns
            let point = Point(x: area.x + indent + column * cellWidth, y: keysTop + row)
            guard point.y < area.maxY else { break }
            let isSelected = index == selected && wordIndex == nil
            // The selected key is bracketed as well as reversed, so it never depends on colour.
            let text = isSelected ? "[" + cap(index, context) + "]" : " " + cap(index, context) + " "
            grid.write(text, at: point, style: theme.style(isSelected && focused ? .focused : .normal),
                       maxWidth: cellWidth - 1, ellipsis: "")
            if isSelected { cursor = Point(x: point.x + 1, y: point.y) }
        }
        return cursor
    }

    // MARK: Keys

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard let command = command(for: key) else { return nil }
        if let wordIndex {
            switch command {
            case .up, .down, .previous, .next, .activate: return wordsRow(command, at: wordIndex, context: context)
            default: break
            }
        }
        switch command {
        case .up: return move(rows: -1, columns: 0, context: context)
        case .down: return move(rows: 1, columns: 0, context: context)
        case .previous: return move(rows: 0, columns: -1, context: context)
        case .next: return move(rows: 0, columns: 1, context: context)
        case .activate: return activate(context: context)
        case .cancel:
            guard scanner.isRunning else { return nil }
            scanner.stop()
            return ControlResponse([.text(context.string("lv.keypad.stopped"), earcon: .cancel)])
        case .multiTap:
            guard let cap = key.printable, let index = KeypadLayout.keys.firstIndex(of: cap) else { return nil }
            return tap(index, context: context)
        default:
            return nil
        }
    }

    private func move(rows: Int, columns: Int, context: ControlContext) -> ControlResponse {
        var response = commitPending(context: context)
        scanner.stop()
        let row = selected / KeypadLayout.columns + rows, column = selected % KeypadLayout.columns + columns
        if row < 0, !words.isEmpty {
            response.append(enterWords(context: context))
            return response
        }
        guard (0..<4).contains(row), (0..<KeypadLayout.columns).contains(column) else {
            response.announcements.append(.text(keySpoken(selected, context), earcon: .edge))
            return response
        }
        selected = row * KeypadLayout.columns + column
        response.announcements.append(.text(keySpoken(selected, context), earcon: selected == KeypadLayout.centre ? .keypadCentre : nil))
        return response
    }

    private func activate(context: ControlContext) -> ControlResponse {
        let cap = KeypadLayout.keys[selected]
        if cap == "*" || cap == "#" {
            var response = commitPending(context: context)
            response.append(cap == "*" ? nextMode(context: context) : deleteBackward(context: context))
            return response
        }
        if let choice = scanner.choice(at: context.now) {
            scanner.reset()
            return commit(characters(ofKey: selected)[choice], context: context)
        }
        var response = commitPending(context: context)
        scanner.dwell = dwell
        let first = scanner.start(at: context.now, from: 0, count: characters(ofKey: selected).count)
        response.announcements.append(.text(SpokenCharacters.name(characters(ofKey: selected)[first], localizer: context.localizer)))
        return response
    }

    private func tap(_ key: Int, context: ControlContext) -> ControlResponse {
        scanner.stop()
        let cap = KeypadLayout.keys[key]
        if cap == "*" || cap == "#" {
            var response = ControlResponse()
            if cap == "#", pending != nil {
                pending = nil
                return ControlResponse([.text(context.string("lv.keypad.cancelled-pending"), earcon: .cancel)])
            }
            response.append(commitPending(context: context))
            response.append(cap == "*" ? nextMode(context: context) : deleteBackward(context: context))
            return response
        }
        var response = ControlResponse()
        var index = 0
        if let pending, pending.key == key, context.now < pending.deadline {
            index = (pending.index + 1) % characters(ofKey: key).count
        } else {
            response.append(commitPending(context: context))
        }
        pending = (key, index, context.now + dwell)
        response.announcements.append(.text(SpokenCharacters.name(characters(ofKey: key)[index], localizer: context.localizer)))
        return response
    }

    private func nextMode(context: ControlContext) -> ControlResponse {
        let all = Mode.allCases
        mode = all[(all.firstIndex(of: mode)! + 1) % all.count]
        return ControlResponse([.text(context.string(mode.nameKey), earcon: .toggleOn)])
    }

    private func deleteBackward(context: ControlContext) -> ControlResponse {
        guard let removed = target.keypadDeleteBackward() else {
            return ControlResponse([.text(context.string("lv.field.start"), earcon: .edge)])
        }
        return ControlResponse([.text(context.string("lv.field.deleted", ["char": SpokenCharacters.name(removed, localizer: context.localizer)]))],
                               events: [ControlEvent(source: self, kind: .textChanged)])
    }

    private func commit(_ character: Character, context: ControlContext) -> ControlResponse {
        target.keypadInsert(String(character))
        return ControlResponse([.text(SpokenCharacters.name(character, localizer: context.localizer), earcon: .activate)],
                               events: [ControlEvent(source: self, kind: .textChanged)])
    }

    private func commitPending(context: ControlContext) -> ControlResponse {
        guard let pending else { return .none }
        self.pending = nil
        return commit(characters(ofKey: pending.key)[pending.index], context: context)
    }

    // MARK: Timers

    public var nextDeadline: Duration? {
        [scanner.nextDeadline, pending?.deadline].compactMap { $0 }.min()
    }

    public func tick(context: ControlContext) -> ControlResponse {
        var response = ControlResponse()
        if let pending, context.now >= pending.deadline {
            response.append(commitPending(context: context))
        }
        switch scanner.tick(now: context.now) {
        case .none: break
        case .advanced(let index):
            response.announcements.append(.text(SpokenCharacters.name(characters(ofKey: selected)[index], localizer: context.localizer)))
        case .finished:
            response.announcements.append(.text(context.string("lv.timed.ended"), earcon: .edge))
        }
        return response
    }

    public func focusLeft(context: ControlContext) -> ControlResponse {
        scanner.stop()
        return commitPending(context: context)
    }
}
