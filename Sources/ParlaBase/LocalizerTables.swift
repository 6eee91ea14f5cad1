import Foundation

/// The string tables behind a ``Localizer``: those loaded at start (the interface language and
/// English) are read without a lock; any other language is read from its folder the first time it is
/// asked for, once, under a lock, and kept.
final class LocalizerTables: @unchecked Sendable {
    /// Loaded at start; never changed.
    private let eager: [Language: [String: String]]
    /// Where the other languages are read from; nil when every table was given.
    private let directory: URL?
    private let lock = NSLock()
    /// Languages read later (guarded by `lock`).
    private var later: [Language: [String: String]] = [:]

    init(loaded: [Language: [String: String]], directory: URL?) {
        eager = loaded
        self.directory = directory
    }

    /// The table of `language`, read now if it was not yet; nil when there is none (an unreadable
    /// folder gives an empty table, so lookups fall back to English).
    subscript(language: Language) -> [String: String]? {
        if let table = eager[language] { return table }
        guard let directory else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let table = later[language] { return table }
        let table = (try? Localizer.loadTable(language, from: directory)) ?? [:]
        later[language] = table
        return table
    }
}
