import Foundation
import Mastodon
import MicroblogKit
import ParlaPresentation
import TestSupport
import Testing

/// Mastodon's HTML read into the neutral text every layer above reads (issue 27, item 1: text is one
/// neutral structure).
@Suite("Mastodon's HTML into text runs")
struct MastodonHTMLRunsTests {
    static let longLink = #"<a href="https://www.example.com/a/very/long/path/to/a/page.html" rel="nofollow noopener noreferrer" translate="no" target="_blank">"#
        + #"<span class="invisible">https://www.</span><span class="ellipsis">example.com/a/very/long/path/t</span><span class="invisible">o/a/page.html</span></a>"#

    @Test("a mention anchor becomes a mention with its profile address; the h-card around it goes")
    func mentionsBecomeMentionRuns() {
        let html = #"<p>Hi <span class="h-card" translate="no"><a href="https://example.social/@ana" class="u-url mention">@<span>ana</span></a></span> and "#
            + #"<a href="https://other.example/@bea" class="mention">@<span>bea</span></a>!</p>"#
        #expect(RichText(html: html).runs == [
            .text("Hi "), .mention(name: "ana", url: "https://example.social/@ana"), .text(" and "),
            .mention(name: "bea", url: "https://other.example/@bea"), .text("!"),
        ])
    }

    @Test("a link keeps its whole text and Mastodon's short form from its invisible and ellipsis spans")
    func linksWithInvisibleSpansKeepTheirShortForm() {
        #expect(RichText(html: "<p>Read " + Self.longLink + " now</p>").runs == [
            .text("Read "),
            .link(url: "https://www.example.com/a/very/long/path/to/a/page.html", text: "https://www.example.com/a/very/long/path/to/a/page.html",
                  shown: "example.com/a/very/long/path/t…"),
            .text(" now"),
        ])
        #expect(RichText(html: #"<p><a href="https://docs.example/x">the docs</a></p>"#).runs == [
            .link(url: "https://docs.example/x", text: "the docs", shown: "the docs"),
        ])
    }

    @Test("a hashtag anchor becomes the tag without its sign")
    func hashtagsBecomeHashtagRuns() {
        let html = #"<p>Tips <a href="https://example.social/tags/BlindTech" class="mention hashtag" rel="tag">#<span>BlindTech</span></a></p>"#
        #expect(RichText(html: html).runs == [.text("Tips "), .hashtag("BlindTech")])
    }

    @Test("the server's emoji become emoji runs with their picture; a shortcode it did not list stays words")
    func listedCustomEmojiBecomeEmojiRuns() {
        let bread = CustomEmoji(shortcode: "bread_loaf", url: "https://example.social/emoji/bread.png")
        #expect(RichText(html: "<p>Fresh :bread_loaf: at 10:30 :nope: :bread_loaf:</p>", emojis: [bread]).runs == [
            .text("Fresh "), .emoji(shortcode: "bread_loaf", url: "https://example.social/emoji/bread.png"), .text(" at 10:30 :nope: "),
            .emoji(shortcode: "bread_loaf", url: "https://example.social/emoji/bread.png"),
        ])
        #expect(RichText(html: "<p>Fresh :bread_loaf:</p>").runs == [.text("Fresh :bread_loaf:")])
    }

    @Test("named and numeric entities are decoded; a number that names no character is U+FFFD; an unknown name stays")
    func entitiesAreDecoded() {
        #expect(RichText(html: "<p>Tom &amp; Jerry &lt;3 &#x1F600; &#233;s &eacute; &bogus; &#0;</p>").runs == [
            .text("Tom & Jerry <3 😀 és é &bogus; \u{FFFD}"),
        ])
    }

    @Test("<br> is a line break and </p><p> a paragraph break, never first, last or twice")
    func breaksAndParagraphs() {
        #expect(RichText(html: "<p></p><p>one<br>two<br><br></p><p>three</p><p> </p>").runs == [
            .text("one"), .lineBreak, .text("two"), .paragraphBreak, .text("three"),
        ])
        #expect(RichText(html: "<p></p><p> </p>").isEmpty)
    }

    @Test("the runs give back the text its author typed for redrafting")
    func runsGiveBackTheTypedText() {
        let html = #"<p>Hi <a href="https://example.social/@ana" class="u-url mention">@<span>ana</span></a> &amp; all</p><p>"#
            + Self.longLink + #" <a href="https://example.social/tags/Parla" class="mention hashtag">#<span>Parla</span></a></p>"#
        #expect(RichText(html: html).source == "Hi @ana & all\n\nhttps://www.example.com/a/very/long/path/to/a/page.html #Parla")
    }

    @Test("a Mastodon post is said from its runs: the same line as the same post from Bluesky (BlueskyTests)")
    func mastodonPostSaysTheSameLineAsOnBluesky() {
        let html = #"<p>Hola ñandú 👋🏽 mira <a href="https://example.com/a_(b)" rel="nofollow noopener" target="_blank">"#
            + #"<span class="invisible">https://</span><span class="">example.com/a_(b)</span><span class="invisible"></span></a>. "#
            + #"<a href="https://example.social/tags/Parla" class="mention hashtag" rel="tag">#<span>Parla</span></a>!<br>Adéu</p>"#
        let speech = SpeechText(localizer: TestLocalization.localizer(.english))
        #expect(speech.body(RichText(html: html)).spoken == Self.sameLineOnEveryNetwork)
    }

    /// What both networks' posts are said as (BlueskyTests asserts the same literal).
    static let sameLineOnEveryNetwork = "Hola ñandú waving hand mira link to example.com. hashtag Parla! Adéu"

    @Test("an emoji run is said as the server's emoji named in words are")
    func emojiRunsAreSaidAsNamedShortcodes() {
        let bread = CustomEmoji(shortcode: "bread_loaf", url: "https://example.social/emoji/bread.png")
        let speech = SpeechText(localizer: TestLocalization.localizer(.english))
        let runs = speech.body(RichText(html: "<p>Fresh :bread_loaf: today</p>", emojis: [bread]))
        let words = speech.body(RichText(html: "<p>Fresh :bread_loaf: today</p>"), emojis: [bread])
        #expect(runs == words)
        #expect(runs.spoken == "Fresh bread loaf today")
    }
}
