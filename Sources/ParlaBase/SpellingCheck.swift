import Foundation

/// A word of a post not in the dictionary, with what it may have been meant as.
public struct Misspelling: Sendable, Equatable {
    /// Where the word is in the text, in characters.
    public var range: Range<Int>
    public var word: String
    public var suggestions: [String]

    public init(range: Range<Int>, word: String, suggestions: [String]) {
        self.range = range
        self.word = word
        self.suggestions = suggestions
    }
}

/// Finds the misspelt words of a post: words only, never @mentions, #hashtags, links, addresses,
/// custom emoji (`:name:`) or words with digits in them.
public enum SpellingCheck {
    /// At most this many suggestions are offered for a word.
    public static let maxSuggestions = 5

    /// What a check found.
    public enum Outcome: Sendable, Equatable {
        /// There is no dictionary for the post's language.
        case noDictionary(Language)
        /// The misspelt words, in the order of the text.
        case checked([Misspelling])
    }

    /// Checks `text` in `language`; words in `personal` (the user's own list) are taken as right.
    public static func run(_ text: String, language: Language, dictionaries: (any SpellingDictionaries)?, personal: Set<String>) -> Outcome {
        guard let checker = dictionaries?.checker(for: language) else { return .noDictionary(language) }
        return .checked(misspellings(in: text, checker: checker, personal: personal))
    }

    public static func misspellings(in text: String, checker: any SpellChecker, personal: Set<String>) -> [Misspelling] {
        var found: [Misspelling] = []
        var suggested: [String: [String]] = [:]
        for (range, word) in words(in: Array(text)) {
            guard !personal.contains(word), !personal.contains(word.lowercased()), !checker.isCorrect(word) else { continue }
            let suggestions = suggested[word] ?? Array(checker.suggestions(for: word).prefix(maxSuggestions))
            suggested[word] = suggestions
            found.append(Misspelling(range: range, word: word, suggestions: suggestions))
        }
        return found
    }

    /// The words worth checking, with their ranges in `characters`.
    public static func words(in characters: [Character]) -> [(Range<Int>, String)] {
        var result: [(Range<Int>, String)] = []
        var index = 0
        while index < characters.count {
            guard !characters[index].isWhitespace else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, !characters[end].isWhitespace { end += 1 }
            if !skipped(String(characters[index..<end])) { result += pieces(of: characters, in: index..<end) }
            index = end
        }
        return result
    }

    /// Whether a whitespace-separated token is a mention, hashtag, link, address, custom emoji or has digits.
    public static func skipped(_ token: String) -> Bool {
        let trimmed = token.trimmingCharacters(in: .punctuationCharacters.subtracting(CharacterSet(charactersIn: "@#:")))
        if trimmed.hasPrefix("@") || trimmed.hasPrefix("#") || token.contains("://") || token.lowercased().hasPrefix("www.") { return true }
        if token.contains("@") || token.contains(where: \.isNumber) { return true }
        if trimmed.count > 2, trimmed.hasPrefix(":"), trimmed.hasSuffix(":") { return true }
        // A domain ("example.com"): a dot between letters.
        let characters = Array(trimmed)
        return characters.indices.dropFirst().dropLast().contains { characters[$0] == "." && characters[$0 - 1].isLetter && characters[$0 + 1].isLetter }
    }

    /// The words inside a token: letters, with apostrophes, hyphens and the Catalan middle dot inside them.
    private static func pieces(of characters: [Character], in token: Range<Int>) -> [(Range<Int>, String)] {
        let joiners: Set<Character> = ["'", "’", "-", "·"]
        var result: [(Range<Int>, String)] = []
        var index = token.lowerBound
        while index < token.upperBound {
            guard characters[index].isLetter else {
                index += 1
                continue
            }
            var end = index
            while end < token.upperBound, characters[end].isLetter || (joiners.contains(characters[end]) && end + 1 < token.upperBound && characters[end + 1].isLetter) {
                end += 1
            }
            if end - index > 1 { result.append((index..<end, String(characters[index..<end]))) }
            index = end
        }
        return result
    }
}
