import Foundation
import Mastodon
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TestSupport
import Testing

/// Whether text holds anything a terminal or synthesiser could act on.
func hasUnsafe(_ text: String, allowNewlines: Bool) -> Bool {
    text.unicodeScalars.contains { TextSafety.isUnsafe($0) && !(allowNewlines && $0 == "\n") }
}

@Suite struct SpeechTextHostileTests {
    static let corpus: [(html: String, meaning: String)] = [
        ("<p>red \u{1B}[31;1mALERT\u{1B}[0m ok</p>", "ALERT"),
        ("<p>title \u{1B}]0;You have been hacked\u{07}after</p>", "after"),
        ("<p>clip \u{1B}]52;c;cm0gLXJmIH4=\u{1B}\\after</p>", "after"),
        ("<p>c1 \u{9B}2J \u{9D}0;x\u{9C} \u{85}\u{90}q\u{9C} end</p>", "end"),
        ("<p>bell\u{07}\u{07} back\u{08}\u{08}space del\u{7F}</p>", "bell"),
        ("<p>\u{202A}a\u{202B}b\u{202C}c\u{202D}d\u{202E}e\u{2066}f\u{2067}g\u{2068}h\u{2069}i</p>", "abcdefghi"),
        ("<p>&#27;[1;31mentity&#x1B;[0m &#7;&#8;&#x9b;</p>", "entity"),
        (#"<p>&lt;speak&gt;&lt;audio src="https://evil.example/x.wav"/&gt;said&lt;/speak&gt;</p>"#, "said"),
        ("<speak><prosody rate=\"x-fast\">tagged</prosody></speak>", "tagged"),
        ("<p>unterminated \u{1B}]0;title without end and more words</p>", "more words"),
        ("<p>dcs \u{1B}Pq#0;2;0;0;0#1;2;100;100;0\u{1B}\\ sixel gone</p>", "sixel gone"),
        ("<p>" + String(repeating: "\u{1B}[", count: 5000) + "«many»</p>", "many"),
        ("<p>lines\u{2028}and\u{2029}paras\u{FEFF}\u{200E}\u{200F}</p>", "paras"),
        ("<a href=\"javascript:alert(1)\">click\u{1B}[8m</a>", "click"),
    ]

    @Test func hostileTextNeverReachesOutput() {
        let speech = speechText()
        for (html, meaning) in Self.corpus {
            let output = speech.present(samplePost(html), template: .standard(.all), now: speechNow)
            let name = html.debugDescription
            #expect(!hasUnsafe(output.display, allowNewlines: true), "\(name)")
            #expect(!hasUnsafe(output.spoken, allowNewlines: false), "\(name)")
            #expect(!hasUnsafe(output.line, allowNewlines: false), "\(name)")
            for raw in ["[31", "]0;", "52;c;", "<speak", "<audio", "<prosody", "[0m"] {
                #expect(!output.spoken.contains(raw), "\(name) said \(raw)")
            }
            for raw in ["[31", "]0;", "52;c;", "[0m"] { #expect(!output.display.contains(raw), "\(name) showed \(raw)") }
            #expect(output.spoken.contains(meaning), "\(name)")
            #expect(output.display.contains(meaning) || meaning == "tagged", "\(name)")
        }
    }

    @Test func hostileNamesAltTextAndPollsAreCleaned() {
        var evil = anaAccount
        evil.displayName = "Eve\u{1B}]0;root\u{07}\u{202E}lin"
        let post = samplePost("<p>x</p>", by: evil, spoiler: "cw\u{1B}[2J here",
                              media: [MediaAttachment(id: "m", kind: .image, description: "alt\u{9B}31m text\u{07}")],
                              poll: Poll(id: "p", options: [.init(title: "yes\u{1B}[5m"), .init(title: "<speak>no</speak>")]))
        let output = speechText(readWarningBody: true).present(post, template: .standard(.all), now: speechNow)
        #expect(output.spoken == "Evelin: Content warning: cw here. x. Image: alt text. Poll: yes; no. 5 minutes ago.")
        #expect(output.display == "Content warning: cw here\n\nx\n\n[Image: alt text]\n\nPoll: yes · <speak>no</speak>")
    }

    @Test func hugeAndDeepBodiesStillRead() {
        let speech = speechText()
        let deep = [
            String(repeating: "<div>", count: 10_000) + "deep text" + String(repeating: "</div>", count: 10_000),
            String(repeating: "<span>", count: 10_000) + "deep text",
            String(repeating: "<a href=\"https://x.example\">", count: 10_000) + "deep text" + String(repeating: "</a>", count: 10_000),
            String(repeating: "<blockquote><ul><li>", count: 10_000) + "deep text",
            String(repeating: "<span class=\"invisible\">", count: 10_000) + "</span>deep text",
            String(repeating: "<", count: 100_000) + "deep text",
            String(repeating: "&#", count: 50_000) + "deep text",
            String(repeating: "<!--", count: 10_000) + "-->deep text",
        ]
        for html in deep {
            let output = speech.present(samplePost(html), template: .standard(.all), now: speechNow)
            #expect(output.spoken.contains("deep text"), "\(html.prefix(30))")
        }
        let big = String(repeating: "<p>Hello <b>world</b> &amp; 🎉🎉 " + hashtagHTML("BigPost") + "</p>", count: 1_000)
        #expect(big.utf8.count >= 100_000)
        let output = speech.present(samplePost(big), template: .standard(.all), now: speechNow)
        #expect(output.spoken.hasPrefix("Ana García: Hello world & party popper, 2 times hashtag Big Post. Hello world"))
        #expect(output.display.hasSuffix("Hello world & 🎉🎉 #BigPost"))
    }

    @Test func fuzzedInputsNeverCrashOrLeak() {
        var random = SeededGenerator(state: 20_261_123)
        let fragments = [
            "<p>", "</p>", "<br>", "<a href=\"https://e.example/x\">", "</a>", "<span class=\"invisible\">", "<span class=\"ellipsis\">",
            "</span>", "<a class=\"mention hashtag\" href=\"/tags/x\">#", "<a class=\"u-url mention\" href=\"https://o.example/@u\">@",
            "<ul>", "<li>", "</ol>", "<blockquote>", "<!--", "-->", "<script>", "</script>", "<", ">", "&", "&amp;", "&#", "&#x", ";",
            "&#27;", "&#x9b;", "&nbsp;", "\u{1B}", "\u{1B}[", "\u{1B}]", "\u{07}", "\u{08}", "\u{9B}", "\u{9D}", "\u{9C}", "\u{85}",
            "\u{202E}", "\u{2066}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "🎉", "👍", "❤", "🇪", "🇸", "1", "#", "*", "\u{20E3}",
            "𝐁", "Ｆ", "ⓐ", "ℍ", "é", "e\u{301}", "مرحبا", "שלום", "日本", "<speak>", "<audio src=x>", "</prosody>", "$", "\"", "'",
            " ", "\n", "\t", "a", "Camel", "Case", "31m", "0;", "52;c;", "\u{0}", "\u{FFFD}", "\u{E0041}", "\u{2028}",
        ]
        let speech = speechText()
        var checked = 0
        for round in 0..<100_000 {
            var html = ""
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                if Bool.random(using: &random) {
                    html += fragments[Int.random(in: 0..<fragments.count, using: &random)]
                } else {
                    html.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0...0x2FF, using: &random)) ?? "x")
                }
            }
            let body = speech.body(RichText(html: html))
            if hasUnsafe(body.display, allowNewlines: true) || hasUnsafe(body.spoken, allowNewlines: false) {
                Issue.record("round \(round): \(html.debugDescription)")
                break
            }
            if round % 1_000 == 0 {
                let output = speech.present(samplePost(html, spoiler: html), template: .standard(.all), now: speechNow)
                #expect(!hasUnsafe(output.spoken, allowNewlines: false) && !hasUnsafe(output.line, allowNewlines: false))
            }
            checked += 1
        }
        #expect(checked == 100_000)
    }
}
