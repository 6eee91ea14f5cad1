import Foundation
import MicroblogKit

/// A post's text with its facets, made into the runs Parla's models carry (``RichText``: paragraphs, line
/// breaks, mentions, links and hashtags), with each facet on exactly its UTF-8 bytes.
struct FacetedText: Sendable {
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

    /// The body as runs: blank lines as paragraph breaks, line ends as line breaks, a mention by its handle
    /// and the DID's profile, a link with the text that shows it, a tag without `#`.
    ///
    /// - Parameter handles: the handles of mentioned DIDs, for a mention whose text is not a handle.
    func richText(handles: [String: String] = [:]) -> RichText {
        let bytes = Array(text.utf8)
        var builder = RichText.Builder()
        var cursor = 0
        func plain(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            builder.appendPlain(String(decoding: bytes[range], as: UTF8.self))
        }
        for span in spans {
            plain(cursor..<span.start)
            let shown = String(decoding: bytes[span.start..<span.end], as: UTF8.self)
            switch span.feature {
            case .mention(let did):
                var handle = shown.hasPrefix("@") ? String(shown.dropFirst()) : (handles[did] ?? shown)
                if handle.isEmpty { handle = did }
                builder.append(.mention(name: handle, url: Self.profileURL(did)))
            case .link(let uri):
                builder.append(.link(url: uri, text: Self.abbreviates(shown, uri) ? uri : shown, shown: shown))
            case .tag(let tag):
                builder.append(.hashtag(tag))
            case .unknown:
                builder.appendPlain(shown)
            }
            cursor = span.end
        }
        plain(cursor..<bytes.count)
        return builder.text
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

    /// Whether a link's text is its address shortened, as Bluesky's app writes it ("example.com/a/lo..."):
    /// then the whole address is the link's text, as in a Mastodon link, and it is said by its domain.
    static func abbreviates(_ shown: String, _ uri: String) -> Bool {
        var stem = Substring(shown)
        for ellipsis in ["...", "…"] where stem.hasSuffix(ellipsis) { stem = stem.dropLast(ellipsis.count) }
        guard !stem.isEmpty, stem != Substring(uri) else { return false }
        var address = Substring(uri)
        if let scheme = address.range(of: "://") { address = address[scheme.upperBound...] }
        return address.hasPrefix(stem) || address.hasPrefix("www.") && address.dropFirst(4).hasPrefix(stem)
    }

    /// A profile's address on bsky.app.
    static func profileURL(_ actor: String) -> String { "https://bsky.app/profile/" + actor }

}
