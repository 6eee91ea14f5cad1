extension SpeechText {
    /// A hashtag's words: split where a lower-case letter meets a capital, where letters meet digits,
    /// before the last capital of a run of capitals followed by lower case ("HTMLParser" → "HTML Parser"),
    /// and at underscores. An all-lower-case tag stays one word.
    public static func splitHashtag(_ tag: String) -> String {
        let characters = Array(tag)
        var words: [String] = []
        var current = ""
        func kind(_ c: Character) -> Int { c.isUppercase ? 1 : c.isLowercase ? 2 : c.isNumber ? 3 : c.isLetter ? 4 : 0 }
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if let previous = current.last {
                let a = kind(previous), b = kind(character)
                var split = false
                if a == 2 && b == 1 { split = true }
                if (a == 3) != (b == 3) && a != 0 && b != 0 { split = true }
                if a == 1 && b == 1, index + 1 < characters.count, kind(characters[index + 1]) == 2 { split = true }
                if split {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ")
    }
}
