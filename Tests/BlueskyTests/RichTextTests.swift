import Foundation
@testable import Bluesky
import MicroblogKit
import Testing

@Suite("Facets on their UTF-8 bytes, and lengths in graphemes")
struct RichTextTests {
    /// A text where an "ñ", an "ú" and an emoji with a skin tone come before a mention, a link and a tag.
    static let text = "Hola ñandú 👋🏽 @ana.bsky.social mira https://example.com/a_(b). #Parla!"

    @Test("a mention, a link and a hashtag after ñ and an emoji are found on their exact bytes")
    func facetByteRangesAfterNonASCII() {
        let found = RichText.detect(Self.text)
        #expect(found == [
            RichText.Found(start: 22, end: 38, kind: .mention(handle: "ana.bsky.social")),
            RichText.Found(start: 44, end: 69, kind: .link("https://example.com/a_(b)")),
            RichText.Found(start: 71, end: 77, kind: .tag("Parla")),
        ])
        let bytes = Array(Self.text.utf8)
        #expect(String(decoding: bytes[22..<38], as: UTF8.self) == "@ana.bsky.social")
        #expect(String(decoding: bytes[71..<77], as: UTF8.self) == "#Parla")
    }

    @Test("facets read back into anchors on exactly their text; a range inside a character is dropped")
    func facetsReadIntoAnchors() {
        let facets = [
            Lexicon.Facet(index: .init(byteStart: 22, byteEnd: 38), features: [.mention(did: "did:plc:ana")]),
            Lexicon.Facet(index: .init(byteStart: 44, byteEnd: 69), features: [.link(uri: "https://example.com/a_(b)")]),
            Lexicon.Facet(index: .init(byteStart: 71, byteEnd: 77), features: [.tag("Parla")]),
            // Starts inside the "ñ": broken, so left out.
            Lexicon.Facet(index: .init(byteStart: 6, byteEnd: 9), features: [.tag("broken")]),
        ]
        let rich = RichText(text: Self.text, facets: facets)
        #expect(rich.html() == "<p>Hola ñandú 👋🏽 <a href=\"https://bsky.app/profile/did:plc:ana\" class=\"u-url mention\">@<span>ana.bsky.social</span></a> mira "
            + "<a href=\"https://example.com/a_(b)\" rel=\"nofollow noopener\">https://example.com/a_(b)</a>. "
            + "<a href=\"https://bsky.app/hashtag/Parla\" class=\"mention hashtag\" rel=\"tag\">#<span>Parla</span></a>!</p>")
        #expect(rich.tags == ["Parla"])
        #expect(rich.mentions(handles: [:]).map(\.acct) == ["ana.bsky.social"])
    }

    @Test("text is escaped, its line ends become breaks and blank lines paragraphs")
    func textEscapedAsHTML() {
        let rich = RichText(text: "a <b> & \"c\"\nnext\n\nnew", facets: [])
        #expect(rich.html() == "<p>a &lt;b&gt; &amp; &quot;c&quot;<br>next</p><p>new</p>")
    }

    @Test("words that only look like mentions, tags or links are left as text")
    func notEverythingIsAFacet() {
        #expect(RichText.detect("mail ana@example.com, @nodot, #123, # alone, ftp://x.y") == [])
        #expect(RichText.detect("(@ana.test) and #tag.") == [
            RichText.Found(start: 1, end: 10, kind: .mention(handle: "ana.test")),
            RichText.Found(start: 16, end: 20, kind: .tag("tag")),
        ])
    }

    @Test("length is counted in graphemes, as Bluesky counts it, and in bytes")
    func lengthInGraphemes() {
        #expect(BlueskyPostText.graphemes(Self.text) == 69)
        #expect(BlueskyPostText.graphemes("👩‍👩‍👧‍👦") == 1)
        #expect(BlueskyPostText.graphemes("e\u{301}") == 1)
        #expect(BlueskyPostText.over(String(repeating: "👩‍👩‍👧‍👦", count: 120)) == nil)
        #expect(BlueskyPostText.over(String(repeating: "ñ", count: 301)) == 1)
        #expect(BlueskyPostText.over(String(repeating: "👩‍👩‍👧‍👦", count: 200)) == 1)
        #expect(BlueskyPostText.over(String(repeating: "a", count: 300)) == nil)
    }

    @Test("adult labels hold media back; !warn and !hide are filters; a negated label does not count")
    func labelsModerate() {
        let labels = [
            Lexicon.Label(src: "did:plc:mod", uri: nil, val: "porn", neg: nil),
            Lexicon.Label(src: "did:plc:mod", uri: nil, val: "!hide", neg: true),
            Lexicon.Label(src: "did:plc:mod", uri: nil, val: "!warn", neg: nil),
        ]
        let moderated = Lexicon.moderation(labels, selfLabels: nil)
        #expect(moderated.sensitive)
        #expect(moderated.filters == [FilterMatch(title: "warn", action: .warn)])
        let own = Lexicon.moderation([], selfLabels: Lexicon.SelfLabels(values: [.init(val: "graphic-media")]))
        #expect(own.sensitive)
        #expect(Lexicon.moderation([], selfLabels: Lexicon.SelfLabels(values: [.init(val: "self-label")])).sensitive == false)
    }
}
