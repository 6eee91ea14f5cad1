extension SpeechText {
    /// A hashtag as it is said ("hashtag a11y Matters"): the interface's words around the tag's words, which are the
    /// author's (``InterfaceWords/own``: said in the voice of the post they are in).
    func spokenHashtag(_ tag: String) -> InterfaceWords {
        let words = numeronyms.hashtag(tag)
        let frame = string("post.hashtag").components(separatedBy: "{words}")
        let before = frame.first ?? ""
        let text = before + words + frame.dropFirst().joined(separator: words)
        return InterfaceWords(text, own: before.count..<(before.count + words.count))
    }

    /// A hashtag's words as said where no post's voice reads them (a hashtag timeline's name): "a11yMatters":
    /// "accessibility Matters", in the interface's language, without the "#" (eSpeak-NG says it "hash").
    public func hashtagWords(_ tag: String) -> String {
        numeronyms.spoken(numeronyms.hashtag(tag), language: nil)
    }

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
