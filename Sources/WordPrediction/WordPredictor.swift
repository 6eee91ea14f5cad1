import Foundation

/// Up to five words for where the user is writing: completions of the word being typed, or after a space
/// the likely next words.
///
/// Completions come, best first, from what the user writes (``PredictionMemory``), then from the post being
/// answered, then from the language's list; next words from the user's own pairs, then the language's most
/// frequent words. A word the user has fully typed is not offered again, and a sentence's first word is
/// offered with a capital.
public struct WordPredictor: Sendable {
    /// Suggestions offered at most.
    public static let maxSuggestions = 5

    public var memory: PredictionMemory
    /// The language's list; nil when none is installed for the post's language.
    public var list: WordList?
    /// The words of the post being answered (a reply), in their order.
    public var context: [String]

    public init(memory: PredictionMemory, list: WordList?, context: String = "") {
        self.memory = memory
        self.list = list
        self.context = WordMatching.words(of: context)
    }

    /// Where prediction stands at a cursor: the word being typed (empty after a space) and the word before it.
    public struct Position: Equatable, Sendable {
        /// The letters typed of the current word, before the cursor.
        public var prefix: String
        /// Where the prefix starts, in characters.
        public var start: Int
        /// The word before, nil at a sentence's start.
        public var previous: String?
        /// Whether a new sentence starts here (the text's start, or after . ! ?).
        public var sentenceStart: Bool
    }

    /// Where prediction stands in `text` at `cursor`; nil inside a mention, hashtag, link or a word with digits,
    /// or when the cursor is in the middle of a word.
    public static func position(in text: [Character], cursor: Int) -> Position? {
        guard cursor >= 0, cursor <= text.count else { return nil }
        if cursor < text.count, WordMatching.isWordCharacter(text[cursor]) { return nil }
        var start = cursor
        while start > 0, WordMatching.isWordCharacter(text[start - 1]) { start -= 1 }
        // Inside a token that is not a word (@ana, #tag, a link, 42nd): the @ and # completion is there for those.
        var tokenStart = start
        while tokenStart > 0, !text[tokenStart - 1].isWhitespace { tokenStart -= 1 }
        if tokenStart < start || (start < cursor && start > 0 && !text[start - 1].isWhitespace) {
            let token = String(text[tokenStart..<cursor])
            if token.first == "@" || token.first == "#" || token.contains(where: \.isNumber) || token.contains("/") { return nil }
        }
        let prefix = String(text[start..<cursor])
        // The word before, read as learning reads it: after . ! ? or at the text's start (the mentions that
        // open a reply aside), a sentence starts; after a link or a hashtag, there is no word before.
        let before = WordMatching.tokens(of: String(text[..<start]))
        var sentenceStart = false
        var previous: String?
        switch before.last {
        case nil, .sentenceEnd?: sentenceStart = true
        case .word(let word)?: previous = word
        case .gap?: sentenceStart = before.allSatisfy { $0 == .gap }
        }
        return Position(prefix: prefix, start: start, previous: previous, sentenceStart: sentenceStart)
    }

    /// The suggestions at `cursor` in `text`, best first, at most ``maxSuggestions``.
    public func suggestions(in text: [Character], cursor: Int, now: Date) -> [String] {
        guard let position = Self.position(in: text, cursor: cursor) else { return [] }
        return suggestions(at: position, now: now)
    }

    /// The suggestions at a position, best first.
    public func suggestions(at position: Position, now: Date) -> [String] {
        var candidates: [String]
        if position.prefix.isEmpty {
            let learnt = position.sentenceStart
                ? memory.next(after: PredictionMemory.start, at: now) : position.previous.map { memory.next(after: $0, at: now) } ?? []
            candidates = learnt + (list?.top(Self.maxSuggestions * 4) ?? [])
        } else {
            let key = WordMatching.folded(position.prefix)
            candidates = memory.completions(of: position.prefix, at: now)
                + context.filter { WordMatching.folded($0).hasPrefix(key) }
                + (list?.completions(of: position.prefix, limit: Self.maxSuggestions * 2) ?? [])
        }
        var seen = Set<String>()
        var result: [String] = []
        for candidate in candidates {
            let word = Self.cased(candidate, like: position)
            // A word fully typed gains nothing; one that differs only in accents ("esta" → "está") does.
            guard word != position.prefix, seen.insert(word.lowercased()).inserted else { continue }
            result.append(word)
            if result.count == Self.maxSuggestions { break }
        }
        return result
    }

    /// A word as it goes at the position: with a capital at a sentence's start or where the user typed one.
    static func cased(_ word: String, like position: Position) -> String {
        let capital = position.prefix.first.map(\.isUppercase) ?? position.sentenceStart
        guard capital, let first = word.first, first.isLowercase else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
