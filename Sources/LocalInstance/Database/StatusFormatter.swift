import Foundation

/// Turns the plain text of a status into Mastodon's HTML and finds its mentions and hashtags.
///
/// Text is HTML-escaped; blank lines make paragraphs, single newlines `<br />`; `@user`, `#tag` and
/// `http(s)://` links become the links Mastodon writes.
enum StatusFormatter {
    /// A piece of status text.
    enum Token: Equatable {
        case text(String)
        case mention(String)
        case hashtag(String)
        case link(String)
    }

    /// Escapes `& < > " '` for HTML.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }

    /// Plain text as escaped paragraphs (account notes).
    static func paragraphs(_ text: String) -> String {
        text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { paragraph in
            "<p>" + paragraph.components(separatedBy: "\n").map(escape).joined(separator: "<br />") + "</p>"
        }.joined()
    }

    /// The status's HTML `content`.
    static func html(_ text: String, baseURL: String) -> String {
        let paragraphs = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
        return paragraphs.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { paragraph in
            "<p>" + paragraph.components(separatedBy: "\n").map { line in
                tokens(line).map { token in
                    switch token {
                    case .text(let text): return escape(text)
                    case .mention(let name):
                        return "<span class=\"h-card\" translate=\"no\"><a href=\"\(baseURL)/@\(escape(name))\" class=\"u-url mention\">@<span>\(escape(name))</span></a></span>"
                    case .hashtag(let name):
                        return "<a href=\"\(baseURL)/tags/\(escape(name.lowercased()))\" class=\"mention hashtag\" rel=\"tag\">#<span>\(escape(name))</span></a>"
                    case .link(let url):
                        return "<a href=\"\(escape(url))\" target=\"_blank\" rel=\"nofollow noopener\" translate=\"no\">\(escape(url))</a>"
                    }
                }.joined()
            }.joined(separator: "<br />") + "</p>"
        }.joined()
    }

    /// The usernames mentioned, in order, without repeats.
    static func mentions(_ text: String) -> [String] {
        var seen: [String] = []
        for case .mention(let name) in tokens(text) where !seen.contains(where: { $0.lowercased() == name.lowercased() }) {
            seen.append(name)
        }
        return seen
    }

    /// The hashtags used, in order, without repeats.
    static func hashtags(_ text: String) -> [String] {
        var seen: [String] = []
        for case .hashtag(let name) in tokens(text) where !seen.contains(where: { $0.lowercased() == name.lowercased() }) {
            seen.append(name)
        }
        return seen
    }

    /// Splits text into plain runs, mentions, hashtags and links.
    static func tokens(_ text: String) -> [Token] {
        var result: [Token] = []
        var plain = ""
        let characters = Array(text)
        var index = 0
        func flush() {
            if !plain.isEmpty { result.append(.text(plain)) }
            plain = ""
        }
        func wordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        while index < characters.count {
            let character = characters[index]
            let atBoundary = index == 0 || !(wordCharacter(characters[index - 1]) || characters[index - 1] == "@" || characters[index - 1] == "/")
            if (character == "@" || character == "#") && atBoundary {
                var end = index + 1
                while end < characters.count, wordCharacter(characters[end]) { end += 1 }
                if end > index + 1 {
                    let name = String(characters[(index + 1)..<end])
                    let isTag = character == "#"
                    if !isTag || name.contains(where: { $0.isLetter }) {
                        flush()
                        result.append(isTag ? .hashtag(name) : .mention(name))
                        index = end
                        continue
                    }
                }
            }
            if character == "h" && atBoundary {
                let rest = String(characters[index..<min(characters.count, index + 8)])
                if rest.hasPrefix("https://") || rest.hasPrefix("http://") {
                    var end = index
                    while end < characters.count, !characters[end].isWhitespace { end += 1 }
                    while end > index, ".,;:!?)»\"'".contains(characters[end - 1]) { end -= 1 }
                    flush()
                    result.append(.link(String(characters[index..<end])))
                    index = end
                    continue
                }
            }
            plain.append(character)
            index += 1
        }
        flush()
        return result
    }
}
