/// Speech markup written as text (`<speak>`, `<audio src=…>`, `<prosody rate=…>`) taken out of spoken text.
///
/// The speech layer escapes SSML, so such text could not take effect; it is removed anyway so it is not
/// read out as a string of symbols, and the words between the tags are still read. U+FFFD (what an
/// invalid character reference becomes) is dropped too. Each `<` looks at most 200 scalars ahead, so
/// the cost stays linear.
public enum SpeechMarkup {
    /// Element names of SSML and of the common synthesiser extensions.
    static let names: Set<String> = [
        "speak", "audio", "prosody", "break", "say-as", "voice", "emphasis", "phoneme", "sub", "mark", "s", "p", "lang",
        "desc", "lexicon", "meta", "metadata", "amazon:effect", "amazon:domain", "amazon:emotion", "mstts:express-as", "w",
        "token", "lookup", "par", "seq", "media",
    ]

    /// `text` with every speech tag replaced by a space (the words between the tags kept) and U+FFFD dropped.
    public static func removed(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "<" || $0 == "\u{FFFD}" }) else { return text }
        let input = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < input.count {
            let scalar = input[index]
            if scalar == "\u{FFFD}" {
                index += 1
                continue
            }
            if scalar == "<", let end = tagEnd(input, from: index) {
                output.append(" ")
                index = end
                continue
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }

    /// The index after the `>` of a speech tag starting at `start`; nil when it is not one.
    static func tagEnd(_ input: [Unicode.Scalar], from start: Int) -> Int? {
        var cursor = start + 1
        if cursor < input.count, input[cursor] == "/" { cursor += 1 }
        var name = String.UnicodeScalarView()
        while cursor < input.count, cursor - start < 40,
              input[cursor].properties.isAlphabetic || input[cursor] == "-" || input[cursor] == ":" {
            name.append(input[cursor])
            cursor += 1
        }
        guard names.contains(String(name).lowercased()) else { return nil }
        while cursor < input.count, cursor - start < 200 {
            if input[cursor] == ">" { return cursor + 1 }
            if input[cursor] == "<" { return nil }
            cursor += 1
        }
        return nil
    }
}
