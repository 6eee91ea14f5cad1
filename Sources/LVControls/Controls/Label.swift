import Foundation
import ParlaBase
import SpeechKit
import TerminalKit

/// LVLabel: text that is read on focus and can be reviewed word by word.
///
/// Right and Left read the next and previous word, S spells the current word, Home reads the
/// whole text again from the start. While focused, the word under review is set apart and has the
/// hardware cursor, and the text scrolls to keep it in sight (the reader's ``TextView`` does the same). A label can also receive the keypad's characters (SCPhone).
public final class Label: Control, KeypadTarget {
    /// What the text is ("Number"); may be empty for plain text.
    public var name: String
    /// The text shown and read.
    public var text: String {
        didSet {
            review.set(nil)
            shownFrom = nil
            voicing = nil
        }
    }
    /// Makes the text in the voices it is read in, with how some of its words are said (a post's: its words in the
    /// post's language, a hashtag as "hashtag" and its words, an address as "link to github.com"), as the reader says
    /// it. Focus and Home say it so while its characters are the text's; what is shown and reviewed stays the text.
    /// Made when first said (a list sets it at every step of its focus), then kept with the text.
    public var voicing: (() -> ReviewText)? {
        didSet { voiced = nil }
    }
    private var voiced: ReviewText?
    /// Where the text is drawn from when it has more rows than the label (a character offset into the text as
    /// ``ReviewText`` holds it): the line holding it comes first. A timeline sets it as Right says a post's rest,
    /// so that the low-vision user sees the words being said; a new text starts from the top again.
    public var shownFrom: Int?
    /// What is read instead of `text` when the two differ ("5 min ago" shown, "5 minutes ago" said); nil: `text`.
    public var spokenText: String? {
        didSet { review.set(nil) }
    }
    /// Whether the name is drawn before the text; it is said either way. A screen gives it up where the
    /// row is too narrow for it beside another control ("12 h ago" beside a long author at 40 columns).
    public var nameShown = true
    /// BCP 47 language the text is written in, read in that voice (a profile's bio); nil: the interface's.
    public var language: String?
    /// The text as read.
    var said: String { spokenText ?? text }
    /// Where word review stands (the same stepping as the reader's ``TextView``).
    private var review = ReviewPosition()
    /// The index of the word last read by word review; nil before the first.
    public var wordIndex: Int? { review.index }

    public init(name: String = "", text: String) {
        self.name = name
        self.text = text
    }

    /// What Enter or Space on the label does, said as its hint ("Enter reads the post whole"); nil: the
    /// label only reads. With it, Enter, Space and the scanning switch activate the label (``ControlEvent/Kind/activated``).
    public var activation: String?
    /// What the scanning switch on the label does, said while scanning in place of ``activation`` ("the
    /// switch goes to another place"); nil: nothing is said of it.
    public var switchActivation: String?

    static let reviewBindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.right], .nextWord, "lv.key.label.next-word"),
        KeyBinding([.left], .previousWord, "lv.key.label.previous-word"),
        KeyBinding([.char("s")], .spellWord, "lv.key.label.spell"),
        KeyBinding([.home], .readAll, "lv.key.label.read-all"),
    ]

    public var bindings: [KeyBinding<ControlCommand>] {
        guard activation != nil else { return Self.reviewBindings }
        return Self.reviewBindings + [KeyBinding([.enter, .space], .activate, "lv.key.label.activate")]
    }

    /// The words of the text, split at white space.
    public var words: [String] {
        TextSafety.stripped(said).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    public func preferredHeight(width: Int) -> Int {
        let room = max(1, width - 2 - (name.isEmpty ? 0 : DisplayWidth.of(name) + 2))
        return max(1, min(4, TextLayout.wrap(text, width: room).count))
    }

    /// The text as drawn in `room`: when it needs more rows than there are, its blank lines go first, so
    /// that a paragraph break does not take a row the words need (a notification's post under its
    /// headline at 40×12).
    /// When even that does not fit, its lines run on as one paragraph, so that the first rows hold what each
    /// line starts with: a notification's post after a headline of two rows ("Parla Tips, Jordi Vidal and 1
    /// other favourited your post: One week…") rather than the headline alone.
    static func fitting(_ text: String, in room: Rect) -> String {
        let width = max(1, room.width)
        guard text.contains("\n"), TextLayout.wrap(text, width: width).count > room.height else { return text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let compact = lines.joined(separator: "\n")
        guard TextLayout.wrap(compact, width: width).count > room.height else { return compact }
        // A line that ends without punctuation is kept apart from the next by a separator ("Hello world · Last problem: …").
        return lines.enumerated().map { index, line in
            index == 0 ? String(line) : ((lines[index - 1].last?.isPunctuation ?? false) ? " " : " · ") + line
        }.joined()
    }

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        let shown = TextSafety.stripped(said)
        var description = AccessibilityDescription(
            label: name, role: .label, value: shown.isEmpty ? context.string("lv.empty") : shown,
            hint: activation ?? context.string("lv.hint.label"), switchHint: activation == nil ? nil : switchActivation, valueLanguage: shown.isEmpty ? nil : language)
        if let utterance = voicedUtterance() {
            description.value = utterance.text
            description.valueVoices = utterance.segments
        }
        return description
    }

    /// The whole text as ``voiced`` says it; nil when there is none for this text, or the text is said otherwise (``spokenText``).
    func voicedUtterance() -> Utterance? {
        guard spokenText == nil, let voicing else { return nil }
        let voiced = self.voiced ?? voicing()
        self.voiced = voiced
        guard !voiced.characters.isEmpty, voiced.characters == ReviewText(text).characters else { return nil }
        let utterance = voiced.utterance(0..<voiced.characters.count)
        return utterance.text.isEmpty ? nil : utterance
    }

    /// The columns its name and text take on one line (a toolbar gives a label this when equal parts
    /// would cut one of its controls: "quedan 467" rather than "qued…").
    public var naturalWidth: Int? {
        DisplayWidth.of(TextSafety.stripped((name.isEmpty || !nameShown ? "" : name + ": ") + text))
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let theme = context.theme
        let start = ControlChrome.marker(into: &grid, area: area, focused: focused, theme: theme)
        let style = theme.textStyle(focused: focused)
        var x = start.x
        if !name.isEmpty, nameShown {
            x += grid.write(name + ": ", at: start, style: style, maxWidth: area.maxX - x, ellipsis: theme.charset.ellipsis)
        }
        let room = Rect(x: x, y: area.y, width: area.maxX - x, height: area.height)
        if focused, let word = wordIndex, spokenText == nil,
           let cursor = drawReviewing(word, into: &grid, room: room, style: style) {
            return cursor
        }
        if let shownFrom, spokenText == nil, room.width > 0, room.height > 0 {
            let review = ReviewText(text)
            let lines = review.lines(width: room.width)
            // Only as far as the rows need: a text that fits is shown whole, and the last rows are filled
            // (but not from the empty line between two paragraphs).
            var top = min(ReviewText.line(of: shownFrom, in: lines), max(0, lines.count - room.height))
            if top < lines.count - 1, lines[top].isEmpty { top += 1 }
            if top > 0, top < lines.count {
                _ = review.draw(lines, from: top, rows: room.height, into: &grid, at: room.origin, width: room.width,
                                style: style, highlight: nil, highlightStyle: style)
                return start
            }
        }
        grid.writeWrapped(Self.fitting(text, in: room), in: room, style: style, ellipsis: theme.charset.ellipsis)
        return start
    }

    /// Where `words` (said, as a post's rest) first stand in the text, as an offset for ``shownFrom``; nil when
    /// they are not shown as they are said (an address said "link to example.com").
    public func offset(ofSaid words: String) -> Int? {
        // Brackets and quotation marks around a word are not compared: "[Quoting Ana: …]" is shown for "Quoting Ana: …".
        func bare(_ word: some StringProtocol) -> String { word.trimmingCharacters(in: CharacterSet(charactersIn: "[](){}«»“”\"'")) }
        let wanted = words.split(whereSeparator: { $0.isWhitespace }).prefix(3).map(bare)
        guard !wanted.isEmpty else { return nil }
        let review = ReviewText(text)
        let runs = review.words
        guard runs.count >= wanted.count else { return nil }
        for first in 0...(runs.count - wanted.count) where (0..<wanted.count).allSatisfy({ bare(String(review.characters[runs[first + $0]])) == wanted[$0] }) {
            return runs[first].lowerBound
        }
        return nil
    }

    /// Draws the text scrolled so that the word under review shows, that word set apart from the rest
    /// of the focused label by its attributes (reverse video turned back, underlined: not by colour).
    ///
    /// - Returns: where the word's first letter is, for the hardware cursor; nil when it cannot be shown.
    private func drawReviewing(_ word: Int, into grid: inout CellGrid, room: Rect, style: Style) -> Point? {
        let review = ReviewText(text)
        guard review.runs.indices.contains(word), room.width > 0, room.height > 0 else { return nil }
        let lines = review.lines(width: room.width)
        let run = review.runs[word]
        let top = max(0, ReviewText.line(of: run.lowerBound, in: lines) - room.height + 1)
        var apart = style
        apart.reverse.toggle()
        apart.underline = true
        return review.draw(lines, from: top, rows: room.height, into: &grid, at: room.origin, width: room.width,
                           style: style, highlight: run, highlightStyle: apart)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard let command = command(for: key) else { return nil }
        let words = self.words
        switch command {
        case .nextWord, .previousWord:
            guard !words.isEmpty else { return ControlResponse([.play(.edge), .text(context.string("lv.empty"))]) }
            guard let step = review.move(by: command == .nextWord ? 1 : -1, count: words.count) else { return nil }
            return ControlResponse([.text(words[step.index], earcon: step.atEdge ? .edge : nil)])
        case .spellWord:
            guard !words.isEmpty else { return ControlResponse([.text(context.string("lv.empty"))]) }
            let word = words[min(wordIndex ?? 0, words.count - 1)]
            return ControlResponse([.text(SpokenCharacters.spell(word, localizer: context.localizer))])
        case .readAll:
            review.set(nil)
            if let utterance = voicedUtterance() { return ControlResponse([.say(utterance)]) }
            let shown = TextSafety.stripped(said)
            return ControlResponse([.text(shown.isEmpty ? context.string("lv.empty") : shown)])
        case .activate:
            return ControlResponse([], events: [ControlEvent(source: self, kind: .activated)])
        default:
            return nil
        }
    }

    // MARK: KeypadTarget

    public func keypadInsert(_ characters: String) { text += characters }

    public func keypadDeleteBackward() -> Character? {
        guard let last = text.last else { return nil }
        text.removeLast()
        return last
    }
}

/// Where the keypad writes: a text field or a label.
public protocol KeypadTarget: AnyObject {
    /// Inserts `characters` where the target's insertion point is.
    func keypadInsert(_ characters: String)
    /// Deletes the character before the insertion point; returns it, or nil when there was none.
    func keypadDeleteBackward() -> Character?
}

extension Label {
    /// The label's text whole.
    public var wholeText: String? { text.isEmpty ? nil : TextSafety.stripped(text) }
}
