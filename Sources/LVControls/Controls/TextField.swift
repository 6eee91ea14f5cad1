import Foundation
import ParlaBase
import SpeechKit
import TerminalKit

/// LVTextField: editable text with a cursor, echo while typing, and an optional length limit.
///
/// Typing inserts at the cursor; Backspace and Delete remove; Left and Right move by character,
/// Ctrl+Left and Ctrl+Right by word, Home and End to the ends, Up and Down by line when the field
/// wraps over several rows. Typed characters or finished words are echoed as the echo setting
/// says. On focus it reads its text and where the cursor is. With a maximum length the characters
/// left are shown and said; text past the limit is kept (nothing typed is lost) and said as over.
public final class TextField: Control, KeypadTarget {
    public var title: String
    /// The text, as characters.
    public private(set) var characters: [Character]
    /// The cursor: the index of the character it sits before (0 ... count).
    public private(set) var cursor: Int
    /// The limit on length, if any.
    public var maxLength: Int?
    /// Whether Enter starts a new line (else Enter submits).
    public let multiline: Bool
    /// Rows the field asks for when multi-line.
    public var rows: Int
    /// Whether Enter only plays the activate earcon: what it opens or finds says itself ("Path sent"
    /// before the file is read says nothing the result does not).
    public var quietSubmit = false
    /// Whether the field has focus (its screen offers words for the field being written: ``focusEntered(context:)``).
    public private(set) var hasFocus = false
    /// Columns the text wraps at, set by the last layout (used by Up and Down).
    private var wrapWidth = 40

    public init(_ title: String, text: String = "", maxLength: Int? = nil, multiline: Bool = false, rows: Int = 3) {
        self.title = title
        self.characters = Array(text)
        self.cursor = characters.count
        self.maxLength = maxLength
        self.multiline = multiline
        self.rows = max(1, rows)
    }

    /// The text as a string.
    public var text: String { String(characters) }

    /// Characters left before the limit (negative when over it); nil without a limit.
    public var charactersLeft: Int? { maxLength.map { $0 - characters.count } }

    public var acceptsText: Bool { true }

    public var bindings: [KeyBinding<ControlCommand>] {
        var table: [KeyBinding<ControlCommand>] = [
            KeyBinding([.right], .next, "lv.key.field.right"),
            KeyBinding([.left], .previous, "lv.key.field.left"),
            KeyBinding([Key(.right, .ctrl), Key(.right, .alt)], .nextWord, "lv.key.field.next-word"),
            KeyBinding([Key(.left, .ctrl), Key(.left, .alt)], .previousWord, "lv.key.field.previous-word"),
            KeyBinding([.home], .start, "lv.key.field.home"),
            KeyBinding([.end], .end, "lv.key.field.end"),
            KeyBinding([.backspace], .deleteBackward, "lv.key.field.backspace"),
            KeyBinding([.delete], .deleteForward, "lv.key.field.delete"),
            KeyBinding([.ctrl("l")], .sayStatus, "lv.key.field.status"),
        ]
        if multiline {
            table.append(KeyBinding([.down], .down, "lv.key.field.down"))
            table.append(KeyBinding([.up], .up, "lv.key.field.up"))
            table.append(KeyBinding([.enter], .newline, "lv.key.field.newline"))
        } else {
            table.append(KeyBinding([.enter], .activate, "lv.key.field.submit"))
        }
        return table
    }

    public func preferredHeight(width: Int) -> Int { multiline ? rows + 1 : 1 }

    // MARK: Description

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        let shown = TextSafety.stripped(text)
        var state = [cursorSpoken(context)]
        if let left = charactersLeft { state.append(leftSpoken(left, context)) }
        return AccessibilityDescription(
            label: title, role: .textField, value: shown.isEmpty ? context.string("lv.empty") : shown,
            state: state.joined(separator: context.string("lv.separator")), hint: context.string("lv.hint.field"))
    }

    private func cursorSpoken(_ context: ControlContext) -> String {
        if characters.isEmpty || cursor == characters.count { return context.string("lv.field.cursor-end") }
        if cursor == 0 { return context.string("lv.field.cursor-start") }
        return context.string("lv.field.cursor-at", ["index": String(cursor + 1), "count": String(characters.count)])
    }

    private func leftSpoken(_ left: Int, _ context: ControlContext) -> String {
        left >= 0 ? context.localizer.plural("lv.field.left", count: left) : context.localizer.plural("lv.field.over", count: -left)
    }

    // MARK: Rendering

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let theme = context.theme
        let style = theme.textStyle(focused: focused)
        let start = ControlChrome.marker(into: &grid, area: area, focused: focused, theme: theme)
        var heading = title + ":"
        // The screen-reader drawing leaves the count out: it would change, and be read, at every letter typed.
        if let left = charactersLeft, !theme.plain {
            heading += " (" + context.string(left >= 0 ? "lv.field.left.shown" : "lv.field.over.shown", ["count": String(abs(left))]) + ")"
        }
        let textArea: Rect
        if multiline && area.height >= 2 {
            grid.write(heading, at: start, style: theme.textStyle(focused: focused, role: .heading), maxWidth: area.maxX - start.x,
                       ellipsis: theme.charset.ellipsis)
            textArea = Rect(x: start.x, y: area.y + 1, width: area.maxX - start.x, height: area.height - 1)
        } else {
            let used = grid.write(heading + " ", at: start, style: style, maxWidth: area.maxX - start.x, ellipsis: theme.charset.ellipsis)
            textArea = Rect(x: start.x + used, y: area.y, width: area.maxX - start.x - used, height: 1)
        }
        guard textArea.width > 0 else { return start }
        // Text is drawn with visible underline so the field's extent shows without colour.
        let fieldStyle = Style(foreground: style.foreground, background: style.background, bold: style.bold,
                               underline: true, reverse: style.reverse)
        let lines = TextField.wrap(characters, width: textArea.width)
        let caret = TextField.locate(cursor, in: lines, characters: characters, width: textArea.width)
        let firstRow = max(0, caret.row - textArea.height + 1)
        for row in 0..<textArea.height {
            let y = textArea.y + row
            grid.fill(Rect(x: textArea.x, y: y, width: textArea.width, height: 1), style: fieldStyle)
            let lineIndex = firstRow + row
            guard lineIndex < lines.count else { continue }
            let piece = String(characters[lines[lineIndex]]).replacingOccurrences(of: "\n", with: " ")
            grid.write(piece, at: Point(x: textArea.x, y: y), style: fieldStyle, maxWidth: textArea.width, ellipsis: "")
        }
        return Point(x: textArea.x + min(caret.column, textArea.width - 1), y: textArea.y + caret.row - firstRow)
    }

    /// Lines of a wrapped text as ranges of character indices; breaks after spaces where possible,
    /// at newlines always. Every character belongs to exactly one line.
    static func wrap(_ characters: [Character], width: Int) -> [Range<Int>] {
        guard width > 0 else { return [0..<characters.count] }
        var lines: [Range<Int>] = []
        var start = 0, used = 0, lastBreak: Int? = nil
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                lines.append(start..<(index + 1))
                start = index + 1
                used = 0
                lastBreak = nil
                index += 1
                continue
            }
            let w = max(1, DisplayWidth.of(character))
            if used + w > width && character != " " {
                if let lastBreak, lastBreak > start {
                    lines.append(start..<lastBreak)
                    start = lastBreak
                } else if index > start {
                    lines.append(start..<index)
                    start = index
                }
                used = DisplayWidth.of(String(characters[start..<index]))
                lastBreak = nil
                continue
            }
            used += w
            if character == " " { lastBreak = index + 1 }
            index += 1
        }
        lines.append(start..<characters.count)
        return lines
    }

    /// The row and column of cursor index `position` in wrapped `lines`.
    static func locate(_ position: Int, in lines: [Range<Int>], characters: [Character], width: Int) -> (row: Int, column: Int) {
        for (row, line) in lines.enumerated() {
            let isLast = row == lines.count - 1
            if position < line.upperBound || (isLast && position <= line.upperBound) {
                let column = DisplayWidth.of(String(characters[line.lowerBound..<max(line.lowerBound, position)]))
                return (row, column)
            }
        }
        return (max(0, lines.count - 1), 0)
    }

    // MARK: Keys

    public func focusEntered(context: ControlContext) -> ControlResponse {
        hasFocus = true
        return .none
    }

    public func focusLeft(context: ControlContext) -> ControlResponse {
        hasFocus = false
        return .none
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        if let command = command(for: key) { return perform(command, context: context) }
        guard let character = key.printable else { return nil }
        return type(String(character), context: context)
    }

    /// Inserts `inserted` at the cursor as typing would, with echo.
    public func type(_ inserted: String, context: ControlContext) -> ControlResponse {
        let before = charactersLeft
        let afterWord = cursor > 0 && !(characters[cursor - 1].isWhitespace || characters[cursor - 1].isPunctuation)
        let wordBefore = afterWord ? currentWord(endingAt: cursor) : nil
        insert(inserted)
        var said: [String] = []
        if let last = inserted.last {
            let endsWord = last.isWhitespace || last.isPunctuation
            if context.settings.echo.echoesWords, endsWord, let word = wordBefore, !word.isEmpty { said.append(word) }
            if context.settings.echo.echoesCharacters { said.append(SpokenCharacters.name(last, localizer: context.localizer)) }
        }
        var announcements: [Announcement] = []
        if !said.isEmpty { announcements.append(.text(said.joined(separator: " "))) }
        if let left = charactersLeft, let before, left < 0, before >= 0 {
            // Crossing the limit is an alert: the next key's echo must not cut it.
            announcements.append(.say(Utterance(leftSpoken(left, context), priority: .alert, earcon: .error)))
        }
        return ControlResponse(announcements, events: [ControlEvent(source: self, kind: .textChanged)])
    }

    private func perform(_ command: ControlCommand, context: ControlContext) -> ControlResponse? {
        let say = { (text: String, earcon: Earcon?) in ControlResponse([.text(text, earcon: earcon)]) }
        switch command {
        case .next:
            guard cursor < characters.count else { return say(context.string("lv.field.end"), .edge) }
            cursor += 1
            return say(characterAtCursorSpoken(context), nil)
        case .previous:
            guard cursor > 0 else { return say(characterAtCursorSpoken(context), .edge) }
            cursor -= 1
            return say(characterAtCursorSpoken(context), nil)
        case .nextWord:
            guard cursor < characters.count else { return say(context.string("lv.field.end"), .edge) }
            while cursor < characters.count, !characters[cursor].isWhitespace { cursor += 1 }
            while cursor < characters.count, characters[cursor].isWhitespace { cursor += 1 }
            return say(wordAtCursor() ?? context.string("lv.field.end"), nil)
        case .previousWord:
            guard cursor > 0 else { return say(wordAtCursor() ?? context.string("lv.empty"), .edge) }
            cursor -= 1
            while cursor > 0, characters[cursor].isWhitespace { cursor -= 1 }
            while cursor > 0, !characters[cursor - 1].isWhitespace { cursor -= 1 }
            return say(wordAtCursor() ?? "", nil)
        case .start:
            cursor = 0
            return say(context.string("lv.field.start"), nil)
        case .end:
            cursor = characters.count
            return say(context.string("lv.field.end"), nil)
        case .deleteBackward:
            guard cursor > 0 else { return say(context.string("lv.field.start"), .edge) }
            cursor -= 1
            let removed = characters.remove(at: cursor)
            return ControlResponse([.text(context.string("lv.field.deleted", ["char": SpokenCharacters.name(removed, localizer: context.localizer)]))],
                                   events: [ControlEvent(source: self, kind: .textChanged)])
        case .deleteForward:
            guard cursor < characters.count else { return say(context.string("lv.field.end"), .edge) }
            let removed = characters.remove(at: cursor)
            return ControlResponse([.text(context.string("lv.field.deleted", ["char": SpokenCharacters.name(removed, localizer: context.localizer)]))],
                                   events: [ControlEvent(source: self, kind: .textChanged)])
        case .up, .down:
            return moveLine(by: command == .down ? 1 : -1, context: context)
        case .newline:
            return type("\n", context: context)
        case .activate:
            let said: Announcement = quietSubmit ? .play(.activate) : .text(context.string("lv.field.submitted", ["title": title]), earcon: .activate)
            return ControlResponse([said],
                                   events: [ControlEvent(source: self, kind: .activated)])
        case .sayStatus:
            var parts = [cursorSpoken(context)]
            if let left = charactersLeft { parts.append(leftSpoken(left, context)) }
            return say(parts.joined(separator: context.string("lv.separator")), nil)
        default:
            return nil
        }
    }

    private func moveLine(by step: Int, context: ControlContext) -> ControlResponse {
        let lines = TextField.wrap(characters, width: wrapWidth)
        let here = TextField.locate(cursor, in: lines, characters: characters, width: wrapWidth)
        let target = here.row + step
        guard lines.indices.contains(target) else {
            return ControlResponse([.text(lineSpoken(lines[here.row], context), earcon: .edge)])
        }
        let line = lines[target]
        var position = line.lowerBound, column = 0
        while position < line.upperBound, characters[position] != "\n" {
            let w = DisplayWidth.of(characters[position])
            if column + w > here.column { break }
            column += w
            position += 1
        }
        cursor = position
        return ControlResponse([.text(lineSpoken(line, context))])
    }

    private func lineSpoken(_ line: Range<Int>, _ context: ControlContext) -> String {
        let text = TextSafety.stripped(String(characters[line])).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? context.string("lv.field.blank-line") : text
    }

    private func characterAtCursorSpoken(_ context: ControlContext) -> String {
        guard cursor < characters.count else { return context.string("lv.field.end") }
        return SpokenCharacters.name(characters[cursor], localizer: context.localizer)
    }

    private func wordAtCursor() -> String? {
        guard cursor < characters.count else { return nil }
        var end = cursor
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        let word = String(characters[cursor..<end])
        return word.isEmpty ? nil : TextSafety.stripped(word)
    }

    private func currentWord(endingAt position: Int) -> String? {
        var start = position
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        let word = String(characters[start..<position]).trimmingCharacters(in: .punctuationCharacters)
        return word.isEmpty ? nil : TextSafety.stripped(word)
    }

    private func insert(_ inserted: String) {
        // Typed one key at a time, a joined emoji arrives scalar by scalar: what is typed joins the character
        // before the cursor when they make one, so the field's characters stay the text's grapheme clusters
        // (drawn and measured as one, and taken away by one Backspace).
        let start = max(0, cursor - 1)
        let new = Array(String(characters[start..<cursor]) + inserted)
        characters.replaceSubrange(start..<cursor, with: new)
        cursor = start + new.count
    }

    public func noteArea(_ area: Rect) { wrapWidth = max(1, area.width - 2) }

    /// Replaces the text and puts the cursor at its end.
    public func setText(_ newText: String) {
        characters = Array(newText)
        cursor = characters.count
    }

    /// Replaces the characters in `range` with `replacement` and puts the cursor after it (a completion
    /// or a spelling suggestion taken).
    public func replace(_ range: Range<Int>, with replacement: String) {
        let range = max(0, range.lowerBound)..<min(characters.count, range.upperBound)
        let new = Array(replacement)
        characters.replaceSubrange(range, with: new)
        cursor = range.lowerBound + new.count
    }

    /// Puts the cursor before the character at `position` (clamped to the text).
    public func moveCursor(to position: Int) {
        cursor = min(max(0, position), characters.count)
    }

    // MARK: KeypadTarget

    public func keypadInsert(_ inserted: String) { insert(inserted) }

    public func keypadDeleteBackward() -> Character? {
        guard cursor > 0 else { return nil }
        cursor -= 1
        return characters.remove(at: cursor)
    }
}
