import CHunspell
import Foundation
import ParlaBase

/// One Hunspell dictionary (an `.aff` and `.dic` pair), behind a lock: libhunspell's handles are not
/// thread-safe, and a check runs off the key loop.
public final class HunspellChecker: SpellChecker, @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = NSLock()
    /// Hunspell's limit on a word's length in bytes; longer words are taken as they are.
    private static let maxWordBytes = 100

    /// Opens a dictionary; nil when either file is missing or the dictionary is not in UTF-8.
    ///
    /// - Parameters:
    ///   - affix: the `.aff` file.
    ///   - dictionary: the `.dic` file.
    public init?(affix: String, dictionary: String) {
        let files = FileManager.default
        guard files.isReadableFile(atPath: affix), files.isReadableFile(atPath: dictionary),
              let handle = Hunspell_create(affix, dictionary) else { return nil }
        // Every dictionary Debian ships for English, Spanish and Catalan is UTF-8; words are handed over as such.
        let encoding = Hunspell_get_dic_encoding(handle).map { String(cString: $0) } ?? ""
        guard encoding.uppercased().replacingOccurrences(of: "-", with: "") == "UTF8" else {
            Hunspell_destroy(handle)
            return nil
        }
        self.handle = handle
    }

    deinit { Hunspell_destroy(handle) }

    public func isCorrect(_ word: String) -> Bool {
        guard word.utf8.count < Self.maxWordBytes else { return true }
        return lock.withLock { Hunspell_spell(handle, word) != 0 }
    }

    public func suggestions(for word: String) -> [String] {
        guard word.utf8.count < Self.maxWordBytes else { return [] }
        return lock.withLock {
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = Int(Hunspell_suggest(handle, &list, word))
            guard count > 0, let words = list else { return [] }
            defer { Hunspell_free_list(handle, &list, Int32(count)) }
            return (0..<count).compactMap { words[$0].map { String(cString: $0) } }
        }
    }
}
