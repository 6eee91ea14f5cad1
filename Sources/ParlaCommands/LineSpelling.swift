import Foundation
import ParlaBase

/// `parla spell`: the compose screen's spelling check (``SpellingCheck`` over the Hunspell dictionaries) for a
/// text in line mode: each misspelt word with where it is and its suggestions.
public enum LineSpelling {
    /// What a check printed and whether it found misspelt words (the command's exit status says so).
    public struct Result: Sendable {
        public var output: LineOutput
        public var misspelt: Bool
    }

    /// Checks `text` in `language`; words in `personal` (the user's own list, `words.txt`) are taken as right.
    ///
    /// - Throws: ``LineSpellingError/noDictionary(_:)`` when no dictionary for the language is installed.
    public static func check(_ text: String, language: Language, dictionaries: (any SpellingDictionaries)?, personal: Set<String>,
                             localizer: Localizer) throws -> Result {
        guard case .checked(let found) = SpellingCheck.run(text, language: language, dictionaries: dictionaries, personal: personal) else {
            throw LineSpellingError.noDictionary(language)
        }
        let summary = found.isEmpty ? localizer.string("spelling.none") : localizer.plural("spelling.found", count: found.count)
        let lines = found.map { misspelling -> String in
            let values = [
                "word": TextSafety.stripped(misspelling.word), "position": String(misspelling.range.lowerBound + 1),
                "suggestions": misspelling.suggestions.map(TextSafety.stripped).joined(separator: ", "),
            ]
            return localizer.string(misspelling.suggestions.isEmpty ? "spell.word-alone" : "spell.word", values)
        }
        let text = ([summary] + lines).joined(separator: "\n")
        let json = found.map {
            MisspellingJSON(word: TextSafety.stripped($0.word), position: $0.range.lowerBound + 1, suggestions: $0.suggestions.map(TextSafety.stripped))
        }
        return Result(
            output: LineOutput(paragraphs: [Paragraph(text: text, spoken: text, language: nil)], json: LineFormatter.encode(json)),
            misspelt: !found.isEmpty)
    }

    /// The words of the user's own list (`words.txt` in the config folder, one a line), as the compose screen keeps them.
    public static func personalWords(configDirectory: URL) -> Set<String> {
        guard let text = try? String(contentsOf: configDirectory.appendingPathComponent("words.txt"), encoding: .utf8) else { return [] }
        return Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}

/// `parla spell`'s failures.
public enum LineSpellingError: Error, Sendable {
    /// No Hunspell dictionary for the text's language is installed.
    case noDictionary(Language)

    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .noDictionary(let language):
            localizer.string("spell.no-dictionary", ["language": localizer.string("language.\(language.code)"), "package": language.hunspellPackage])
        }
    }

    /// Configuration: a dictionary to install (78).
    public var exitCode: Int32 { 78 }
}

struct MisspellingJSON: Encodable {
    var word: String
    /// Where the word starts in the text, in characters, from 1.
    var position: Int
    var suggestions: [String]
}
