import ParlaBase

/// How single characters are said: "space", "comma", "capital A", rather than silence or a symbol.
public enum SpokenCharacters {
    private static let names: [Character: String] = [
        " ": "space", "\n": "newline", ".": "dot", ",": "comma", "?": "question", "!": "exclamation",
        "'": "apostrophe", "\"": "quote", "-": "dash", "@": "at", "#": "hash", "*": "star", "¿": "inverted-question",
        "¡": "inverted-exclamation", "/": "slash", ":": "colon", ";": "semicolon", "(": "open-paren", ")": "close-paren",
        "_": "underscore", "&": "ampersand", "+": "plus", "=": "equals", "%": "percent", "$": "dollar", "€": "euro",
    ]

    /// The spoken form of one character in the current language.
    public static func name(_ character: Character, localizer: Localizer) -> String {
        if let key = names[character] { return localizer.string("lv.char.\(key)") }
        let text = TextSafety.stripped(String(character))
        if character.isLetter, character.isUppercase {
            return localizer.string("lv.char.capital", ["letter": text])
        }
        return text
    }

    /// A word spelled out: its characters' spoken forms separated by spaces.
    public static func spell(_ word: String, localizer: Localizer) -> String {
        word.map { name($0, localizer: localizer) }.joined(separator: " ")
    }
}
