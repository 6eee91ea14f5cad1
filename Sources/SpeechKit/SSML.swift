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
}
