import Foundation
@testable import Bluesky
import MicroblogKit
import ParlaPresentation
import TestSupport
import Testing

@Suite("Facets on their UTF-8 bytes, and lengths in graphemes")
struct RichTextTests {
    /// A text where an "ñ", an "ú" and an emoji with a skin tone come before a mention, a link and a tag.
    static let text = "Hola ñandú 👋🏽 @ana.bsky.social mira https://example.com/a_(b). #Parla!"

    @Test("a mention, a link and a hashtag after ñ and an emoji are found on their exact bytes")
    func facetByteRangesAfterNonASCII() {
        let found = FacetedText.detect(Self.text)
        #expect(found == [
            FacetedText.Found(start: 22, end: 38, kind: .mention(handle: "ana.bsky.social")),
            FacetedText.Found(start: 44, end: 69, kind: .link("https://example.com/a_(b)")),
            FacetedText.Found(start: 71, end: 77, kind: .tag("Parla")),
        ])
        let bytes = Array(Self.text.utf8)
        #expect(String(decoding: bytes[22..<38], as: UTF8.self) == "@ana.bsky.social")
        #expect(String(decoding: bytes[71..<77], as: UTF8.self) == "#Parla")
    }

    @Test("facets read into runs on exactly their bytes: an ñ and an emoji before a mention do not shift it; a range inside a character is dropped")
    func facetsReadIntoRunsOnTheirBytes() {
        let facets = [
            Lexicon.Facet(index: .init(byteStart: 22, byteEnd: 38), features: [.mention(did: "did:plc:ana")]),
            Lexicon.Facet(index: .init(byteStart: 44, byteEnd: 69), features: [.link(uri: "https://example.com/a_(b)")]),
            Lexicon.Facet(index: .init(byteStart: 71, byteEnd: 77), features: [.tag("Parla")]),
            // Starts inside the "ñ": broken, so left out.
            Lexicon.Facet(index: .init(byteStart: 6, byteEnd: 9), features: [.tag("broken")]),
        ]
        let faceted = FacetedText(text: Self.text, facets: facets)
        #expect(faceted.richText().runs == [
            .text("Hola ñandú 👋🏽 "), .mention(name: "ana.bsky.social", url: "https://bsky.app/profile/did:plc:ana"), .text(" mira "),
            .link(url: "https://example.com/a_(b)", text: "https://example.com/a_(b)", shown: "https://example.com/a_(b)"),
            .text(". "), .hashtag("Parla"), .text("!"),
        ])
        #expect(faceted.tags == ["Parla"])
        #expect(faceted.mentions(handles: [:]).map(\.acct) == ["ana.bsky.social"])
    }

    @Test("a mention whose text is not a handle is named by the handle of its DID")
    func mentionWithoutHandleTextTakesTheDIDsHandle() {
        let faceted = FacetedText(text: "hi Ana!", facets: [Lexicon.Facet(index: .init(byteStart: 3, byteEnd: 6), features: [.mention(did: "did:plc:ana")])])
        #expect(faceted.richText(handles: ["did:plc:ana": "ana.bsky.social"]).runs == [
            .text("hi "), .mention(name: "ana.bsky.social", url: "https://bsky.app/profile/did:plc:ana"), .text("!"),
        ])
    }

    @Test("text is kept as written (no markup to escape), line ends become line breaks and blank lines paragraph breaks")
    func lineEndsBecomeBreaks() {
        let faceted = FacetedText(text: "a <b> & \"c\"\nnext\n\n\nnew\n", facets: [])
        #expect(faceted.richText().runs == [.text("a <b> & \"c\""), .lineBreak, .text("next"), .paragraphBreak, .text("new")])
    }

    @Test("a link shown shortened, as Bluesky's app writes it, has its whole address as its text and is said by its domain")
    func shortenedLinkKeepsItsWholeAddress() {
        let text = "see www.example.com/a/very/lo... and the docs"
        let faceted = FacetedText(text: text, facets: [
            Lexicon.Facet(index: .init(byteStart: 4, byteEnd: 32), features: [.link(uri: "https://www.example.com/a/very/long/path")]),
            Lexicon.Facet(index: .init(byteStart: 37, byteEnd: 45), features: [.link(uri: "https://docs.example/x")]),
        ])
        #expect(faceted.richText().runs == [
            .text("see "),
            .link(url: "https://www.example.com/a/very/long/path", text: "https://www.example.com/a/very/long/path", shown: "www.example.com/a/very/lo..."),
            .text(" and "), .link(url: "https://docs.example/x", text: "the docs", shown: "the docs"),
        ])
        let speech = SpeechText(localizer: TestLocalization.localizer(.english))
        #expect(speech.body(faceted.richText()).spoken == "see link to example.com and the docs")
        #expect(speech.body(faceted.richText()).display == "see www.example.com/a/very/lo... and the docs")
    }

    @Test("a Bluesky post is said from its runs: the same line as the same post from Mastodon (MastodonTests)")
    func blueskyPostSaysTheSameLineAsOnMastodon() {
        let text = "Hola ñandú 👋🏽 mira https://example.com/a_(b). #Parla!\nAdéu"
        let faceted = FacetedText(text: text, facets: [
            Lexicon.Facet(index: .init(byteStart: 27, byteEnd: 52), features: [.link(uri: "https://example.com/a_(b)")]),
            Lexicon.Facet(index: .init(byteStart: 54, byteEnd: 60), features: [.tag("Parla")]),
        ])
        let speech = SpeechText(localizer: TestLocalization.localizer(.english))
        #expect(speech.body(faceted.richText()).spoken
            == "Hola ñandú waving hand mira link to example.com. hashtag Parla! Adéu")
    }

    @Test("words that only look like mentions, tags or links are left as text")
    func notEverythingIsAFacet() {
        #expect(FacetedText.detect("mail ana@example.com, @nodot, #123, # alone, ftp://x.y") == [])
        #expect(FacetedText.detect("(@ana.test) and #tag.") == [
            FacetedText.Found(start: 1, end: 10, kind: .mention(handle: "ana.test")),
            FacetedText.Found(start: 16, end: 20, kind: .tag("tag")),
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
