import Foundation
import ParlaBase

/// The Hunspell dictionaries installed (Debian's `hunspell-en-us`, `hunspell-es`, `hunspell-ca` put them in
/// `/usr/share/hunspell`), opened the first time a language is asked for and kept.
public final class HunspellDictionaries: SpellingDictionaries, @unchecked Sendable {
    /// Where dictionaries are looked for, in order.
    public static let defaultDirectories = ["/usr/share/hunspell", "/usr/share/myspell/dicts", "/usr/share/myspell"]

    private let directories: [String]
    private let lock = NSLock()
    private var opened: [Language: HunspellChecker?] = [:]

    /// - Parameter directories: folders holding `<name>.aff` and `<name>.dic` pairs.
    public init(directories: [String] = HunspellDictionaries.defaultDirectories) {
        self.directories = directories
    }

    /// The dictionary names tried for a language, best first.
    public static func names(for language: Language) -> [String] {
        switch language {
        case .english: ["en_US", "en_GB", "en"]
        case .spanish: ["es_ES", "es"]
        case .catalan: ["ca", "ca_ES"]
        }
    }

    public func checker(for language: Language) -> (any SpellChecker)? {
        lock.withLock {
            if let known = opened[language] { return known }
            let found = open(language)
            opened[language] = found
            return found
        }
    }

    private func open(_ language: Language) -> HunspellChecker? {
        for name in Self.names(for: language) {
            for folder in directories {
                let base = (folder as NSString).appendingPathComponent(name)
                if let checker = HunspellChecker(affix: base + ".aff", dictionary: base + ".dic") { return checker }
            }
        }
        return nil
    }
}
