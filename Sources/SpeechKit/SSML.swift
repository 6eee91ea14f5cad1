/// Escaping for SSML, so text from the network cannot inject markup (`<audio src=…>`).
public enum SSML {
    /// `text` with `& < > " '` replaced by entities and unsafe control characters removed.
    public static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            default: output.append(character)
            }
        }
        return output
    }

    /// A document reading each segment with the voice of its language:
    /// `<speak><voice xml:lang="en">Ana: </voice><voice xml:lang="es">Hola.</voice></speak>`;
    /// texts and languages escaped, a segment without a language in `fallback`.
    public static func document(_ segments: [Utterance.Segment], fallback: String) -> String {
        var output = "<speak>"
        for segment in segments where !segment.text.isEmpty {
            output += "<voice xml:lang=\"\(escaped(segment.language ?? fallback))\">\(escaped(segment.text))</voice>"
        }
        return output + "</speak>"
    }
}
