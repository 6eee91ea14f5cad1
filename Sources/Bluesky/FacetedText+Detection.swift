import Foundation

extension FacetedText {
    /// A mention, link or hashtag found in text being written, on its UTF-8 bytes.
    struct Found: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            /// A handle, without `@`, to be resolved to a DID.
            case mention(handle: String)
            case link(String)
            /// A tag without `#`.
            case tag(String)
        }

        var start: Int
        var end: Int
        var kind: Kind
    }

    /// Bluesky's longest hashtag, in graphemes.
    static let maxTagLength = 64

    /// The mentions (`@ana.bsky.social`), links (`https://…`) and hashtags (`#tag`) of `text`, with their
    /// byte ranges in UTF-8, as Bluesky's own app finds them: each at the start of the text or after white
    /// space or `(`; trailing punctuation left out.
    static func detect(_ text: String) -> [Found] {
        var found: [Found] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard !text[index].isWhitespace else {
                index = text.index(after: index)
                continue
            }
            var wordEnd = index
            while wordEnd < text.endIndex, !text[wordEnd].isWhitespace { wordEnd = text.index(after: wordEnd) }
            var start = index
            if text[start] == "(" { start = text.index(after: start) }
            if start < wordEnd, let item = item(in: text, from: start, to: wordEnd) { found.append(item) }
            index = wordEnd
        }
        return found
    }

    /// The mention, link or tag a word (from `start`, up to `end`) is, if any.
    private static func item(in text: String, from start: String.Index, to end: String.Index) -> Found? {
        let word = String(text[start..<end])
        func offset(_ index: String.Index) -> Int { text.utf8.distance(from: text.utf8.startIndex, to: index) }
        if word.hasPrefix("@") {
            let handle = trimmed(String(word.dropFirst()), keepingParenthesis: false)
            guard isHandle(handle) else { return nil }
            let from = offset(start)
            return Found(start: from, end: from + 1 + handle.utf8.count, kind: .mention(handle: handle.lowercased()))
        }
        if word.hasPrefix("#") || word.hasPrefix("＃") {
            let tag = trimmed(String(word.dropFirst()), keepingParenthesis: false)
            guard !tag.isEmpty, tag.count <= maxTagLength, !tag.allSatisfy(\.isNumber), !tag.contains("#") else { return nil }
            let from = offset(start)
            let markLength = String(word.first!).utf8.count
            return Found(start: from, end: from + markLength + tag.utf8.count, kind: .tag(tag))
        }
        let lower = word.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
            let link = trimmed(word, keepingParenthesis: true)
            guard let url = URL(string: link), url.host?.contains(".") == true || url.host == "localhost" else { return nil }
            let from = offset(start)
            return Found(start: from, end: from + link.utf8.count, kind: .link(link))
        }
        return nil
    }

    /// A word without the punctuation that ends a sentence after it; a `)` stays only when the word opened one.
    private static func trimmed(_ word: String, keepingParenthesis: Bool) -> String {
        var word = Substring(word)
        while let last = word.last {
            if ".,;:!?\"'".contains(last) || last == "…" {
                word.removeLast()
            } else if last == ")", !(keepingParenthesis && word.contains("(")) {
                word.removeLast()
            } else {
                break
            }
        }
        return String(word)
    }

    /// Whether text is a handle: labels of letters, digits and hyphens, at least two, the last not all digits.
    static func isHandle(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, text.utf8.count <= 253 else { return false }
        for label in labels {
            guard !label.isEmpty, label.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-"),
                  label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { return false }
        }
        return !(labels.last!.allSatisfy(\.isNumber))
    }
}
