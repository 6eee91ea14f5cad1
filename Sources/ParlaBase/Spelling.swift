/// Checks the spelling of words in one language (a Hunspell dictionary in production).
///
/// A checker may be asked from any thread; implementations serialise their own state.
public protocol SpellChecker: AnyObject, Sendable {
    /// Whether `word` is spelt correctly.
    func isCorrect(_ word: String) -> Bool
    /// Words `word` may have been meant as, best first.
    func suggestions(for word: String) -> [String]
}

/// The spelling dictionaries installed on the system.
public protocol SpellingDictionaries: Sendable {
    /// The checker for `language`, or nil when no dictionary for it is installed.
    func checker(for language: Language) -> (any SpellChecker)?
}
