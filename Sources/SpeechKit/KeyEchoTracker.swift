/// Turns typed characters into what key echo says.
///
/// With ``KeyEcho/characters`` every character is said (spelled, so `,` is named); with
/// ``KeyEcho/words`` a word is said when a space or punctuation ends it.
public struct KeyEchoTracker: Sendable, Hashable {
    private var word = ""

    /// Creates a tracker with no word in progress.
    public init() {}

    /// What to say after `character` was typed, or nil for nothing.
    ///
    /// - Parameters:
    ///   - character: the character just typed.
    ///   - mode: the key echo setting.
    /// - Returns: an utterance to say (focus priority), or nil.
    public mutating func typed(_ character: Character, mode: KeyEcho) -> Utterance? {
        switch mode {
        case .none:
            word = ""
            return nil
        case .characters:
            return Utterance(String(character), priority: .focus, spelled: true)
        case .words:
            if character.isLetter || character.isNumber || character == "'" {
                word.append(character)
                return nil
            }
            defer { word = "" }
            return word.isEmpty ? nil : Utterance(word, priority: .focus)
        }
    }

    /// Forgets the word in progress (focus moved, text cleared).
    public mutating func reset() { word = "" }
}
