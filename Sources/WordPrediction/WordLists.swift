import Foundation
import ParlaBase
import Synchronization

/// The languages' word lists, each read from `Localization/` the first time a post in that language is written,
/// then kept for the session.
public final class WordLists: Sendable {
    private let localization: URL?
    private let loaded = Mutex<[Language: WordList?]>([:])

    /// `localization`: the `Localization` folder; nil: no lists (prediction offers what it learnt alone).
    public init(localization: URL?) {
        self.localization = localization
    }

    /// The list of `language`, nil when it is not installed.
    public func list(for language: Language) -> WordList? {
        if let known = loaded.withLock({ $0[language] }) { return known }
        let list = localization.flatMap { WordList.load(language, localization: $0) }
        loaded.withLock { $0[language] = .some(list) }
        return list
    }
}
