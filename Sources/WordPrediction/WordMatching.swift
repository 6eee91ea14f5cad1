import Foundation
import ParlaBase

/// How prediction reads text: which characters make a word, and the form words are compared in.
public enum WordMatching {
    /// Characters that join letters inside a word: apostrophes, the hyphen, the Catalan middle dot.
    static let joiners: Set<Character> = ["'", "’", "-", "·"]

    /// A word's form for comparing: lower case, without accents ("Està" → "esta").
    public static func folded(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).replacingOccurrences(of: "’", with: "'")
    }

    /// Whether `character` may be part of a word being typed.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || joiners.contains(character)
    }

    /// What learning reads in a text, in order.
    enum Token: Equatable {
        case word(String)
        /// A mention, hashtag, link or number: no pair is made across it.
        case gap
        /// After . ! ? : ; (so "Thanks. Good" is no pair, and "Good" starts a sentence).
        case sentenceEnd
    }

    /// The tokens of a text as prediction learns them: mentions, hashtags, links, custom emoji and anything
    /// with digits are gaps.
    static func tokens(of text: String) -> [Token] {
        var result: [Token] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            let raw = String(token)
            if SpellingCheck.skipped(raw) {
                result.append(.gap)
                continue
            }
            var word = ""
            for character in raw {
                if isWordCharacter(character), !(word.isEmpty && joiners.contains(character)) {
                    word.append(character)
                } else if !word.isEmpty {
                    break
                }
            }
            while let last = word.last, joiners.contains(last) { word.removeLast() }
            if !word.isEmpty { result.append(.word(word)) }
            if let last = raw.last, ".!?…:;".contains(last) { result.append(.sentenceEnd) }
        }
        return result
    }

    /// The words of a text, in order.
    static func words(of text: String) -> [String] {
        tokens(of: text).compactMap { if case .word(let word) = $0 { word } else { nil } }
    }
}
