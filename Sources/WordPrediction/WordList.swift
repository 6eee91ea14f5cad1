import Foundation
import ParlaBase

/// The words of one language that prediction completes from, the most frequent first.
///
/// Read from `Localization/<code>/words.txt` (one word a line, made by `Scripts/make_wordlists.py` from
/// wordfreq). Matching ignores case and accents, so "esta" finds "está" and "aixo" finds "això": a switch
/// or keypad user need not reach the accented letters.
public struct WordList: Sendable {
    public let language: Language
    /// The words by rank (0 the most frequent).
    public let words: [String]
    /// Each word's folded form (``WordMatching/folded(_:)``) with its rank, sorted by the folded form.
    private let index: [(key: String, rank: Int)]

    public init(language: Language, words: [String]) {
        self.language = language
        self.words = words
        index = words.enumerated().map { (WordMatching.folded($0.element), $0.offset) }.sorted { $0.key < $1.key }
    }

    /// The file a language's list is read from.
    public static func file(for language: Language, localization: URL) -> URL {
        localization.appendingPathComponent(language.code, isDirectory: true).appendingPathComponent("words.txt")
    }

    /// Reads a language's list; nil when the file is missing or unreadable (prediction then uses what it learnt).
    public static func load(_ language: Language, localization: URL) -> WordList? {
        guard let text = try? String(contentsOf: file(for: language, localization: localization), encoding: .utf8) else { return nil }
        let words = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        return words.isEmpty ? nil : WordList(language: language, words: words)
    }

    /// The most frequent words, the language's guess for a next word.
    public func top(_ limit: Int) -> [String] { Array(words.prefix(limit)) }

    /// Up to `limit` words that begin with `prefix` (case and accents aside), the most frequent first.
    public func completions(of prefix: String, limit: Int) -> [String] {
        let key = WordMatching.folded(prefix)
        guard !key.isEmpty, limit > 0 else { return [] }
        var low = 0
        var high = index.count
        while low < high {
            let middle = (low + high) / 2
            if index[middle].key < key { low = middle + 1 } else { high = middle }
        }
        var best: [Int] = []
        var position = low
        while position < index.count, index[position].key.hasPrefix(key) {
            best.append(index[position].rank)
            position += 1
        }
        return best.sorted().prefix(limit).map { words[$0] }
    }
}
