import Foundation
import MicroblogKit

/// A post's text with its facets, made into the body Parla's models carry (Mastodon's HTML: paragraphs,
/// line breaks, mention, link and hashtag anchors), escaped, with each facet on exactly its UTF-8 bytes.
struct RichText: Sendable {
    /// One facet on a range of the text's bytes.
    struct Span: Hashable, Sendable {
        var start: Int
        var end: Int
        var feature: Lexicon.Feature
    }

    var text: String
    var spans: [Span]

    /// The text with the facets that are whole and in range; overlapping or broken ones are dropped (the
    /// text they cover is then plain).
    init(text: String, facets: [Lexicon.Facet]) {
        self.text = text
        let bytes = Array(text.utf8)
        func onBoundary(_ offset: Int) -> Bool { offset == bytes.count || (bytes[offset] & 0xC0) != 0x80 }
        var spans: [Span] = []
        let candidates = facets.compactMap { facet -> Span? in
            guard let feature = facet.features.first(where: { $0 != .unknown }) else { return nil }
            return Span(start: facet.index.byteStart, end: facet.index.byteEnd, feature: feature)
        }.sorted { $0.start < $1.start }
        for span in candidates {
            guard span.start >= 0, span.start < span.end, span.end <= bytes.count, onBoundary(span.start), onBoundary(span.end),
                  span.start >= (spans.last?.end ?? 0)
            else { continue }
            spans.append(span)
        }
        self.spans = spans
    }

    /// The text each span covers, in order.
    func covered(_ span: Span) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[span.start..<span.end], as: UTF8.self)
    }

    /// The body as Mastodon's HTML: `<p>` paragraphs at blank lines, `<br>` at line ends, a mention as
    /// `<a class="u-url mention">@<span>handle</span></a>`, a tag as `<a class="mention hashtag">`.
    ///
    /// - Parameter handles: the handles of mentioned DIDs, for a mention whose text is not a handle.
    func html(handles: [String: String] = [:]) -> String {
        let bytes = Array(text.utf8)
        var html = "<p>"
        var cursor = 0
        func plain(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            html += Self.escapedLines(String(decoding: bytes[range], as: UTF8.self))
        }
        for span in spans {
            plain(cursor..<span.start)
            let shown = String(decoding: bytes[span.start..<span.end], as: UTF8.self)
            switch span.feature {
            case .mention(let did):
                var handle = shown.hasPrefix("@") ? String(shown.dropFirst()) : (handles[did] ?? shown)
                if handle.isEmpty { handle = did }
                html += "<a href=\"" + Self.escaped(Self.profileURL(did)) + "\" class=\"u-url mention\">@<span>" + Self.escaped(handle) + "</span></a>"
            case .link(let uri):
                html += "<a href=\"" + Self.escaped(uri) + "\" rel=\"nofollow noopener\">" + Self.escapedLines(shown) + "</a>"
            case .tag(let tag):
                html += "<a href=\"" + Self.escaped(Self.tagURL(tag)) + "\" class=\"mention hashtag\" rel=\"tag\">#<span>" + Self.escaped(tag) + "</span></a>"
            case .unknown:
                html += Self.escapedLines(shown)
            }
            cursor = span.end
        }
        plain(cursor..<bytes.count)
        return html + "</p>"
    }

    /// The mentions, as Parla's models list them.
    func mentions(handles: [String: String]) -> [Mention] {
        spans.compactMap { span in
            guard case .mention(let did) = span.feature else { return nil }
            let shown = covered(span)
            let handle = shown.hasPrefix("@") ? String(shown.dropFirst()) : (handles[did] ?? did)
            return Mention(id: did, username: handle, acct: handle, url: Self.profileURL(did))
        }
    }

    /// The hashtags, without `#`.
    var tags: [String] {
        spans.compactMap { span in
            if case .tag(let tag) = span.feature { return tag }
            return nil
        }
    }

    /// The first link, for a post without a card of its own.
    var firstLink: String? {
        spans.lazy.compactMap { span -> String? in
            if case .link(let uri) = span.feature { return uri }
            return nil
        }.first
    }

    /// A profile's address on bsky.app.
    static func profileURL(_ actor: String) -> String { "https://bsky.app/profile/" + actor }

    /// A hashtag's search on bsky.app.
    static func tagURL(_ tag: String) -> String {
        "https://bsky.app/hashtag/" + (tag.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? tag)
    }

    /// Text escaped for HTML, its line ends as `<br>` and blank lines as paragraph ends.
    static func escapedLines(_ text: String) -> String {
        escaped(text).replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\n\n", with: "</p><p>")
            .replacingOccurrences(of: "\n", with: "<br>")
    }

    /// Text escaped for HTML: `&`, `<`, `>` and `"`.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
