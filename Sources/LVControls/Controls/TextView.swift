import ParlaBase
import SpeechKit
import TerminalKit

extension ControlCommand {
    public static let nextSentence = ControlCommand(rawValue: "next-sentence")
    public static let previousSentence = ControlCommand(rawValue: "previous-sentence")
}

/// A long text shown whole, wrapped to the width, and reviewed word by word, sentence by sentence
/// and line by line, forwards and backwards (a post in the reader).
///
/// Each step says its piece in the voice of its language and highlights it (reverse and bold, so
/// not by colour alone); the hardware cursor sits on its first letter and the view scrolls to keep
/// it in sight. When the text is longer than the area, the last row says which lines are shown.
public final class TextView: Control {
    /// What the text is ("Post by Ana"); said on focus.
    public var name: String
    /// The text under review.
    public private(set) var text: ReviewText
    /// The word under review; nil before the first step.
    public internal(set) var review = ReviewPosition()
    /// The characters last read (a word, a sentence or a line): highlighted, the cursor on the first.
    public private(set) var highlight: Range<Int>?
    /// The first line shown.
    public private(set) var top = 0
    /// The area the layout gave (nil before the first frame: lines as long as their paragraphs).
    private var area: Rect?
    /// The reading to the end being said, which the highlight follows (``TextView+SpeechFollowing``).
    var reading: Reading?
    /// Whether one-switch scanning goes into the text as soon as its screen opens, each step reading the next
    /// sentence (the reader, whose text is what the screen is for); ``SwitchScannable/entersScanAtOnce``.
    public var entersScanAtOnce = false

    public init(_ name: String, text: ReviewText) {
        self.name = name
        self.text = text
    }

    /// Shows another text.
    ///
    /// - Parameter keepingReview: review stays on the same word (a post whose counts changed), when
    ///   the text still has it; otherwise it starts again from the top (a warning opened).
    public func setText(_ newText: ReviewText, keepingReview: Bool = false) {
        // A reading goes on being followed when only what comes after its start changed (a post's counts).
        if let reading, !keepingReview || reading.start > newText.characters.count
            || newText.characters[..<reading.start] != text.characters[..<reading.start] {
            self.reading = nil
        }
        text = newText
        if keepingReview, let word = review.index, word < newText.words.count {
            if let highlight, highlight.upperBound > newText.characters.count { self.highlight = newText.words[word] }
            scrollToHighlight()
            return
        }
        review.set(nil)
        highlight = nil
        top = 0
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.right], .nextWord, "lv.key.text.next-word"),
        KeyBinding([.left], .previousWord, "lv.key.text.previous-word"),
        KeyBinding([Key(.right, .ctrl), .char(".")], .nextSentence, "lv.key.text.next-sentence"),
        KeyBinding([Key(.left, .ctrl), .char(",")], .previousSentence, "lv.key.text.previous-sentence"),
        KeyBinding([.down], .down, "lv.key.text.next-line"),
        KeyBinding([.up], .up, "lv.key.text.previous-line"),
        KeyBinding([.pageDown], .pageDown, "lv.key.text.page-down"),
        KeyBinding([.pageUp], .pageUp, "lv.key.text.page-up"),
        KeyBinding([.home], .start, "lv.key.text.first-word"),
        KeyBinding([.end], .end, "lv.key.text.last-word"),
        KeyBinding([.char("s")], .spellWord, "lv.key.label.spell"),
        KeyBinding([.enter], .readAll, "lv.key.text.read-on"),
    ]

    // MARK: Layout

    /// Columns a line may take: the area's, less the focus marker's.
    var lineWidth: Int { area.map { max(1, $0.width - Self.indent) } ?? Int.max / 4 }

    /// The focus marker's columns (the marker and a space).
    static let indent = 2

    /// The lines at the width the layout gave.
    public var lines: [Range<Int>] { text.lines(width: lineWidth) }

    /// Rows of text in `area`: all of them, or all but the last when the text does not fit (the
    /// last says which lines are shown).
    func textRows(_ area: Rect, lineCount: Int) -> Int {
        lineCount > area.height && area.height > 1 ? area.height - 1 : area.height
    }

    public func preferredHeight(width: Int) -> Int { max(1, text.lines(width: max(1, width - Self.indent)).count) }

    public func noteArea(_ area: Rect) {
        guard area != self.area else { return }
        self.area = area
        scrollToHighlight()
    }

    /// Moves the view the least that shows the highlighted piece (its start first, then as much of it as fits).
    private func scrollToHighlight() {
        guard let area else { return }
        let lines = self.lines
        let rows = max(1, textRows(area, lineCount: lines.count))
        if let highlight {
            let first = ReviewText.line(of: highlight.lowerBound, in: lines)
            let last = ReviewText.line(of: max(highlight.lowerBound, highlight.upperBound - 1), in: lines)
            if last >= top + rows { top = last - rows + 1 }
            if first < top || first >= top + rows { top = first }
        }
        top = max(0, min(top, lines.count - rows))
    }

    /// Where review stands: the word (0 before the first step) and line reached, each counted from 1, and the totals.
    public var position: (word: Int, words: Int, line: Int, lines: Int) {
        let lines = self.lines
        let line = review.index.map { ReviewText.line(of: text.words[$0].lowerBound, in: lines) + 1 } ?? 1
        return ((review.index ?? -1) + 1, text.words.count, line, lines.count)
    }

    // MARK: Drawing

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(label: name, role: .label, value: text.words.isEmpty ? context.string("lv.empty") : nil,
                                 hint: context.string("lv.hint.text"))
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let theme = context.theme
        guard area.width > Self.indent, area.height > 0 else { return area.origin }
        let lines = text.lines(width: area.width - Self.indent)
        let rows = textRows(area, lineCount: lines.count)
        let first = max(0, min(top, lines.count - rows))
        let origin = Point(x: area.x + Self.indent, y: area.y)
        let shown = text.draw(lines, from: first, rows: rows, into: &grid, at: origin, width: area.width - Self.indent,
                              style: theme.style(.normal), highlight: focused ? highlight : nil,
                              highlightStyle: theme.style(.focused))
        if rows < area.height {
            let last = min(lines.count, first + rows)
            let shownLines = context.string("lv.text.lines", ["first": String(first + 1), "last": String(last), "count": String(lines.count)])
            grid.write(shownLines, at: Point(x: origin.x, y: area.maxY - 1), style: theme.style(.muted), maxWidth: area.width - Self.indent,
                       ellipsis: theme.charset.ellipsis)
        }
        var cursor = shown ?? origin
        if shown == nil, let highlight, focused {
            let line = ReviewText.line(of: highlight.lowerBound, in: lines)
            if (first..<(first + rows)).contains(line) { cursor = Point(x: origin.x, y: area.y + line - first) }
        }
        if focused {
            grid.write(theme.focusMarker, at: Point(x: area.x, y: cursor.y), style: theme.style(.focused), maxWidth: Self.indent - 1)
        }
        return cursor
    }

    // MARK: Keys

    public func focusLeft(context: ControlContext) -> ControlResponse {
        reading = nil
        return .none
    }

    /// Says the text whole, or the word under review; while scanning, the sentence under review (the first
    /// before any), never the whole text again at every round (the steps inside read on, sentence by sentence).
    public func focusEntered(context: ControlContext) -> ControlResponse {
        guard !text.words.isEmpty else { return .none }
        if context.settings.scanning, !text.sentences.isEmpty { return scanEnter(context: context) }
        guard let word = review.index else { return ControlResponse([.say(text.utterance(0..<text.characters.count))]) }
        return ControlResponse([.say(text.utterance(text.words[word]))])
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard let command = command(for: key) else { return nil }
        reading = nil
        let words = text.words
        guard !words.isEmpty else { return ControlResponse([.play(.edge), .text(context.string("lv.empty"))]) }
        switch command {
        case .nextWord, .previousWord:
            guard let step = review.move(by: command == .nextWord ? 1 : -1, count: words.count) else { return nil }
            return read(words[step.index], atEdge: step.atEdge)
        case .start, .end:
            let target = command == .start ? 0 : words.count - 1
            let atEdge = review.index == target
            review.set(target)
            return read(words[target], atEdge: atEdge)
        case .nextSentence, .previousSentence:
            var sentence = ReviewPosition(index: review.index.map { text.sentence(of: $0) })
            guard let step = sentence.move(by: command == .nextSentence ? 1 : -1, count: text.sentences.count) else { return nil }
            let span = text.sentences[step.index]
            review.set(span.lowerBound)
            return read(text.span(ofWords: span), atEdge: step.atEdge)
        case .down, .up, .pageDown, .pageUp:
            return moveLine(command, context: context)
        case .spellWord:
            let word = words[min(review.index ?? 0, words.count - 1)]
            return ControlResponse([.text(SpokenCharacters.spell(String(text.characters[word]), localizer: context.localizer))])
        case .readAll:
            return readToTheEnd()
        default:
            return nil
        }
    }

    /// Says `range`, highlights it and keeps it in sight; after the edge sound when review could not move.
    func read(_ range: Range<Int>, atEdge: Bool) -> ControlResponse {
        reading = nil
        show(range)
        return ControlResponse([.say(text.utterance(range, earcon: atEdge ? .edge : nil))])
    }

    /// Highlights `range` and keeps it in sight.
    func show(_ range: Range<Int>) {
        highlight = range
        scrollToHighlight()
    }

    /// A line (or a page of lines) up or down, among the lines that have words.
    private func moveLine(_ command: ControlCommand, context: ControlContext) -> ControlResponse {
        let lines = self.lines
        let reviewed = lines.indices.filter { !text.words(startingIn: lines[$0]).isEmpty }
        let current = review.index.map { ReviewText.line(of: text.words[$0].lowerBound, in: lines) }
        var position = ReviewPosition(index: current.flatMap { reviewed.firstIndex(of: $0) })
        let page = max(1, area.map { textRows($0, lineCount: lines.count) } ?? 1)
        let step: Int
        switch command {
        case .down: step = 1
        case .up: step = -1
        case .pageDown: step = page
        default: step = -page
        }
        guard let moved = position.move(by: step, count: reviewed.count) else { return ControlResponse([.play(.edge)]) }
        let line = lines[reviewed[moved.index]]
        let lineWords = text.words(startingIn: line)
        review.set(lineWords.lowerBound)
        return read(text.span(ofWords: lineWords), atEdge: moved.atEdge)
    }
}
