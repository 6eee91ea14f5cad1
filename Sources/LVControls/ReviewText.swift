import ParlaBase
import SpeechKit
import TerminalKit

/// A text prepared for review: its characters with the language of each, its words and sentences,
/// and its lines at any width, all as character offsets so that what is said and what is shown
/// (the highlight, the hardware cursor) are the same piece of text.
public struct ReviewText: Sendable, Equatable {
    /// The text, unsafe characters removed; line breaks kept (a paragraph is a line of its own).
    public let characters: [Character]
    /// The language of each character's voice (nil: the interface's).
    let languages: [String?]
    /// The language the text as a whole is said to be in (the transcript's `lang`).
    public let language: String?
    /// Every run of characters without white space, as lines are made of them.
    let runs: [Range<Int>]
    /// Each word's characters: runs without white space that hold a letter, digit or symbol, in order.
    public let words: [Range<Int>]
    /// Each sentence's words (indices into ``words``): a sentence ends after `. ! ? …` (closing
    /// quotes and brackets allowed after them) and at every line break.
    public let sentences: [Range<Int>]
    /// How some runs (by the offset of their first character) are said when that is not as they are shown: a numeronym
    /// ("a11y") said as its words, an address as "link to github.com", each part in the voice of its
    /// language. Review, the highlight and the cursor stay on the run as shown.
    private(set) var sayings: [Int: [Utterance.Segment]] = [:]

    /// - Parameters:
    ///   - segments: the text in parts, each in the language of its voice; joined, the text.
    ///   - language: the language of the whole (a post's).
    public init(segments: [Utterance.Segment], language: String? = nil) {
        var characters: [Character] = []
        var languages: [String?] = []
        for segment in segments {
            for character in segment.text {
                let kept: Character
                if character == "\n" || character == "\r\n" {
                    kept = "\n"
                } else if character == "\t" {
                    kept = " "
                } else if character.unicodeScalars.contains(where: TextSafety.isUnsafe) {
                    continue
                } else {
                    kept = character
                }
                characters.append(kept)
                languages.append(segment.language)
            }
        }
        self.characters = characters
        self.languages = languages
        self.language = language
        var runs: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            guard !characters[index].isWhitespace else {
                index += 1
                continue
            }
            let start = index
            while index < characters.count, !characters[index].isWhitespace { index += 1 }
            runs.append(start..<index)
        }
        self.runs = runs
        // A separator standing alone ("·", "—") is shown but is not a word to stop on.
        let words = runs.filter { run in characters[run].contains { $0.isLetter || $0.isNumber || $0.isSymbol } }
        self.words = words
        var sentences: [Range<Int>] = []
        var first = 0
        for (number, word) in words.enumerated() {
            let next = number + 1 < words.count ? words[number + 1].lowerBound : characters.count
            let breaksLine = characters[word.upperBound..<next].contains("\n")
            if breaksLine || number == words.count - 1 || Self.endsSentence(characters[word]) {
                sentences.append(first..<(number + 1))
                first = number + 1
            }
        }
        self.sentences = sentences
    }

    /// A text in one language.
    public init(_ text: String, language: String? = nil) {
        self.init(segments: [Utterance.Segment(text, language: language)], language: language)
    }

    /// The text as one string.
    public var string: String { String(characters) }

    /// The text with each run said as `saying` gives it, given the run and the language of its voice: parts each in
    /// the voice of its own language ("hashtag" in the interface's, "accesibilidad" in the post's); nil, nothing or
    /// only white space: as shown. What is shown is not changed.
    public func saidInVoices(by saying: (String, String?) -> [Utterance.Segment]?) -> ReviewText {
        var text = self
        text.sayings = [:]
        for run in runs {
            let shown = String(characters[run])
            guard let parts = saying(shown, languages[run.lowerBound]) else { continue }
            let said = parts.map(\.text).joined()
            if !said.allSatisfy(\.isWhitespace), said != shown, !said.contains(where: \.isNewline) {
                text.sayings[run.lowerBound] = parts.filter { !$0.text.isEmpty }
            }
        }
        return text
    }

    /// How many runs without white space the utterance has for the run `index` (a saying may have several words).
    func saidRuns(_ index: Int) -> Int {
        guard let said = sayings[runs[index].lowerBound] else { return 1 }
        return max(1, said.map(\.text).joined().split(whereSeparator: \.isWhitespace).count)
    }

    /// Whether a word ends a sentence: its last character, closing quotes and brackets aside, is `. ! ? …`.
    static func endsSentence(_ word: ArraySlice<Character>) -> Bool {
        let closing: Set<Character> = [")", "]", "\"", "'", "»", "”", "’", "*"]
        guard let last = word.last(where: { !closing.contains($0) }) else { return false }
        return [".", "!", "?", "…", "。", "！", "？"].contains(last)
    }

    /// The sentence a word is in.
    public func sentence(of word: Int) -> Int {
        sentences.firstIndex { $0.contains(word) } ?? 0
    }

    /// The characters from the first to the last of some words.
    public func span(ofWords words: Range<Int>) -> Range<Int> {
        guard !words.isEmpty else { return 0..<0 }
        return self.words[words.lowerBound].lowerBound..<self.words[words.upperBound - 1].upperBound
    }

    /// The words that start inside `characters`.
    public func words(startingIn characters: Range<Int>) -> Range<Int> {
        let first = words.firstIndex { $0.lowerBound >= characters.lowerBound } ?? words.count
        var end = first
        while end < words.count, words[end].lowerBound < characters.upperBound { end += 1 }
        return first..<end
    }

    /// The text of `range` as it is said: line breaks as spaces, each part in its language's voice.
    public func utterance(_ range: Range<Int>, earcon: Earcon? = nil) -> Utterance {
        var segments: [Utterance.Segment] = []
        let clamped = range.clamped(to: 0..<characters.count)
        var index = clamped.lowerBound
        while index < clamped.upperBound {
            let pieces: [Utterance.Segment]
            if let saying = sayings[index], case let end = characters[index...].firstIndex(where: \.isWhitespace) ?? characters.count,
               end <= clamped.upperBound {
                pieces = saying
                index = end
            } else {
                pieces = [Utterance.Segment(characters[index] == "\n" ? " " : String(characters[index]), language: languages[index])]
                index += 1
            }
            for piece in pieces {
                if let last = segments.last, last.language == piece.language || piece.text.allSatisfy(\.isWhitespace) {
                    segments[segments.count - 1].text += piece.text
                } else {
                    segments.append(piece)
                }
            }
        }
        let text = segments.map(\.text).joined()
        let spoken = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if segments.count <= 1 {
            return Utterance(spoken, language: segments.first?.language, earcon: earcon)
        }
        // Each segment keeps its own spaces; runs of them collapse to one.
        var tidy: [Utterance.Segment] = []
        var lastWasSpace = true
        for segment in segments {
            var kept = ""
            for character in segment.text {
                let space = character.isWhitespace
                if space && lastWasSpace { continue }
                kept.append(space ? " " : character)
                lastWasSpace = space
            }
            if !kept.isEmpty { tidy.append(Utterance.Segment(kept, language: segment.language)) }
        }
        if let last = tidy.last, last.text.hasSuffix(" ") {
            tidy[tidy.count - 1].text.removeLast()
            if tidy[tidy.count - 1].text.isEmpty { tidy.removeLast() }
        }
        return Utterance(segments: tidy, language: language, earcon: earcon)
    }

    // MARK: Lines

    /// The lines of the text at `width` columns: each line's characters, spaces at the break left out.
    ///
    /// Every line break starts a line (an empty line stays, a paragraph's gap); words go on a line
    /// while they fit and a word longer than a line is broken between characters.
    public func lines(width: Int) -> [Range<Int>] {
        guard width > 0 else { return [] }
        var lines: [Range<Int>] = []
        var start = 0
        while true {
            var end = start
            while end < characters.count, characters[end] != "\n" { end += 1 }
            lines += wrap(start..<end, width: width)
            guard end < characters.count else { break }
            start = end + 1
        }
        return lines
    }

    private func columns(_ range: Range<Int>) -> Int {
        characters[range].reduce(0) { $0 + DisplayWidth.of($1) }
    }

    private func wrap(_ paragraph: Range<Int>, width: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var line: Range<Int>?
        for word in runs where paragraph.contains(word.lowerBound) {
            if let current = line, columns(current.lowerBound..<word.upperBound) <= width {
                line = current.lowerBound..<word.upperBound
                continue
            }
            if let current = line { lines.append(current) }
            var rest = word
            while columns(rest) > width {
                var cut = rest.lowerBound
                var used = 0
                while cut < rest.upperBound, used + DisplayWidth.of(characters[cut]) <= width {
                    used += DisplayWidth.of(characters[cut])
                    cut += 1
                }
                if cut == rest.lowerBound { cut += 1 }
                lines.append(rest.lowerBound..<cut)
                rest = cut..<rest.upperBound
            }
            line = rest
        }
        if let line { lines.append(line) }
        return lines.isEmpty ? [paragraph.lowerBound..<paragraph.lowerBound] : lines
    }

    /// The line (index into `lines`) a character is on.
    public static func line(of character: Int, in lines: [Range<Int>]) -> Int {
        if let found = lines.firstIndex(where: { $0.contains(character) }) { return found }
        return lines.lastIndex { $0.lowerBound <= character } ?? 0
    }

    /// Draws the lines `first ..< first + rows` of the text at `origin`, the characters of `highlight`
    /// in `highlightStyle`.
    ///
    /// - Returns: where each character of `highlight`'s start landed, when it is shown.
    @discardableResult
    public func draw(
        _ lines: [Range<Int>], from first: Int, rows: Int, into grid: inout CellGrid, at origin: Point, width: Int,
        style: Style, highlight: Range<Int>?, highlightStyle: Style
    ) -> Point? {
        var start: Point?
        for row in 0..<max(0, min(rows, lines.count - first)) {
            let line = lines[first + row]
            var x = origin.x
            for index in line {
                let inside = highlight?.contains(index) == true
                if inside, index == highlight?.lowerBound { start = Point(x: x, y: origin.y + row) }
                x += grid.put(characters[index], at: Point(x: x, y: origin.y + row), style: inside ? highlightStyle : style,
                              limit: origin.x + width)
            }
        }
        return start
    }
}
