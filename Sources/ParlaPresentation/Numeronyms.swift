import ParlaBase

/// Well-known numeronyms ("a11y", "i18n", "k8s") said as the words they stand for, in the language of
/// the voice that reads them: eSpeak-NG reads "a11y" as "a 11 y".
///
/// The words come from `Localization/<lang>/numeronyms.json` (keys `numeronym.<lower-case numeronym>`).
/// Only a whole word is replaced (letters, then digits, then letters, with no letter or digit around it),
/// whatever its case; a language with no table leaves the word as written. What is shown is never changed.
struct Numeronyms: Sendable {
    let localizer: Localizer

    /// The words `numeronym` stands for in `language`, or nil when it is not in that language's table.
    func words(for numeronym: String, in language: Language) -> String? {
        let key = "numeronym." + numeronym.lowercased()
        guard localizer.has(key, in: language) else { return nil }
        return localizer.string(key, in: language)
    }

    /// `text` with each whole-word numeronym said as its words in `language` (a BCP 47 tag; nil: the
    /// interface's).
    func spoken(_ text: String, language: String?) -> String {
        guard text.contains(where: \.isNumber) else { return text }
        guard let chosen = language.map({ Language(localeIdentifier: $0) }) ?? localizer.language else { return text }
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            guard characters[index].isLetter, index == 0 || !Self.isWordCharacter(characters[index - 1]) else {
                output.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
            let word = String(characters[index..<end])
            output += Self.isNumeronymShaped(word) ? words(for: word, in: chosen) ?? word : word
            index = end
        }
        return output
    }

    /// A hashtag's words as the author's voice is to say them: its words as ``SpeechText/splitHashtag(_:)`` splits
    /// them, with a numeronym among them kept whole ("#a11yMatters": "a11y Matters", "#A11Y": "A11Y"), so that the
    /// voice that reads them says it as its own language's words (``spoken(_:language:)``: "accesibilidad Matters"
    /// in a Spanish post). The word "hashtag" around them is the interface's; the tag's words are the author's.
    func hashtag(_ tag: String) -> String {
        let table = localizer.language
        if Self.isNumeronymShaped(tag), words(for: tag, in: table) != nil { return tag }
        var parts = SpeechText.splitHashtag(tag).split(separator: " ").map(String.init)
        var index = 0
        while index + 2 < parts.count {
            let joined = parts[index] + parts[index + 1] + parts[index + 2]
            if Self.isNumeronymShaped(joined), words(for: joined, in: table) != nil {
                parts.replaceSubrange(index...(index + 2), with: [joined])
            }
            index += 1
        }
        return parts.joined(separator: " ")
    }

    /// Letters, digits, letters: the shape of every numeronym ("a11y", "k8s", "i18n").
    static func isNumeronymShaped(_ word: String) -> Bool {
        let characters = Array(word)
        var index = 0
        func run(_ test: (Character) -> Bool) -> Int {
            let start = index
            while index < characters.count, test(characters[index]) { index += 1 }
            return index - start
        }
        let letters = run { $0.isLetter && $0.isASCII }
        let digits = run { $0.isNumber && $0.isASCII }
        let tail = run { $0.isLetter && $0.isASCII }
        return letters > 0 && digits > 0 && tail > 0 && index == characters.count
    }

    /// The output with its numeronyms said as words, each segment in its own voice's language; what is
    /// shown is left as written.
    func voiced(_ output: SpeechText.Output) -> SpeechText.Output {
        var result = output
        result.segments = output.segments.map { SpeechText.Segment(spoken($0.text, language: $0.language), language: $0.language) }
        result.spoken = result.segments.map(\.text).joined()
        return result
    }

    static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
}
