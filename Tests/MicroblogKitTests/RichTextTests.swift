import Foundation
import MicroblogKit
import Testing

/// The neutral text every network's module makes and every layer above reads (issue 27, item 1).
@Suite("Text as runs, whatever network it came from")
struct RichTextTests {
    @Test("plain text: one line end is a line break, a blank line (or more) a paragraph break, none first or last")
    func plainTextBreaksAtLineEnds() {
        #expect(RichText.plain("\none\r\ntwo\n\n\nthree\n").runs == [.text("one"), .lineBreak, .text("two"), .paragraphBreak, .text("three")])
        #expect(RichText.plain("").isEmpty)
        #expect(RichText.plain("\n\n").isEmpty)
    }

    @Test("a builder joins words, keeps a break waiting for what follows it and never ends with one")
    func builderKeepsBreaksBetweenRuns() {
        var builder = RichText.Builder()
        builder.appendPlain("Hi\n")
        builder.append(.mention(name: "ana", url: "https://example.social/@ana"))
        builder.append(text: " and")
        builder.append(text: " you")
        builder.append(.paragraphBreak)
        #expect(builder.text.runs == [.text("Hi"), .lineBreak, .mention(name: "ana", url: "https://example.social/@ana"), .text(" and you")])
    }

    @Test("the typed text: links as addresses, mentions and tags with their signs, emoji as shortcodes, list items numbered")
    func sourceIsTheTypedText() {
        let text = RichText([
            .text("Hi "), .mention(name: "ana@other.example", url: "https://other.example/@ana"), .text(" "),
            .emoji(shortcode: "blob_cat", url: ""), .lineBreak, .link(url: "https://example.com/a", text: "the page", shown: "the page"),
            .paragraphBreak, .listItem(1), .text("first"), .lineBreak, .listItem(nil), .text("bullet "), .hashtag("Parla"),
        ])
        #expect(text.source == "Hi @ana@other.example :blob_cat:\nhttps://example.com/a\n\n1. first\n- bullet #Parla")
    }

    @Test("a text is stored compactly, words as strings and other runs as arrays led by their kind, and read back the same")
    func codableRoundTrip() throws {
        let text = RichText([
            .text("Hola ñandú 👋🏽 "), .mention(name: "ana.bsky.social", url: "https://bsky.app/profile/did:plc:ana"), .lineBreak,
            .link(url: "https://example.com", text: "https://example.com", shown: "example.com"), .paragraphBreak, .hashtag("Parla"),
            .emoji(shortcode: "blob_cat", url: "https://example.social/e.png"), .listItem(nil), .listItem(3),
        ])
        let data = try JSONEncoder().encode(text)
        #expect(String(decoding: data, as: UTF8.self) == #"["Hola ñandú 👋🏽 ",["mention","ana.bsky.social","https:\/\/bsky.app\/profile\/did:plc:ana"],["br"],"#
            + #"["link","https:\/\/example.com","https:\/\/example.com","example.com"],["p"],["tag","Parla"],"#
            + #"["emoji","blob_cat","https:\/\/example.social\/e.png"],["li"],["li",3]]"#)
        #expect(try JSONDecoder().decode(RichText.self, from: data) == text)
        let post = Post(id: "1", createdAt: Date(timeIntervalSince1970: 0), account: Account(id: "2", acct: "ana", username: "ana", note: .plain("Bio")),
                        content: text)
        #expect(try JSONDecoder().decode(Post.self, from: JSONEncoder().encode(post)) == post)
    }
}
