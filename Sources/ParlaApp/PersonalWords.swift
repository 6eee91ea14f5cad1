import Foundation

/// The user's own words, taken as right by the spelling check: `words.txt` in the config folder, one word a line.
struct PersonalWords {
    /// The file's name in the config folder.
    static let fileName = "words.txt"

    /// The file; nil: words are kept for this session only.
    let file: URL?
    private(set) var words: Set<String> = []

    /// Reads the list (a missing or unreadable file is an empty list).
    init(configDirectory: URL?) {
        file = configDirectory?.appendingPathComponent(Self.fileName)
        if let file, let text = try? String(contentsOf: file, encoding: .utf8) {
            words = Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
    }

    /// Adds a word and writes the list; returns false when the file could not be written (the word is
    /// still taken as right until Parla closes).
    mutating func add(_ word: String) -> Bool {
        words.insert(word)
        guard let file else { return true }
        let text = words.sorted().joined(separator: "\n") + "\n"
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file, options: .atomic)
            return true
        } catch {
            return false
        }
    }
}
