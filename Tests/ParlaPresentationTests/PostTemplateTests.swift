import Foundation
import Mastodon
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Testing

@Suite struct PostTemplateTests {
    @Test func unknownVariablesStayAsWrittenAndDollarsEscape() {
        let values = ["author": "Ana", "text": "Hi.", "time": "5 minutes ago"]
        #expect(PostTemplate.fill("$author says $text $$5 $nope $time", values) == "Ana says Hi. $5 $nope 5 minutes ago")
        #expect(PostTemplate.fill("$ $author$", values) == "$ Ana$")
        #expect(PostTemplate.fill("", values) == "")
        #expect(PostTemplate.fill("$AUTHOR: $Text", values) == "Ana: Hi.")
    }

    @Test func emptyVariablesLeaveNoStrayPunctuation() {
        let values = ["author": "Ana", "text": "", "time": "now"]
        #expect(PostTemplate.fill("$boost $author$reply: $cw $text", values) == "Ana")
        #expect(PostTemplate.fill("$cw $text $media $poll $author, $time. $counts", values) == "Ana, now.")
        #expect(PostTemplate.fill("$reply, $author", values) == "Ana")
    }

    @Test func everyVariableIsFilled() {
        let template = PostTemplate.variables.map { "[$\($0)]" }.joined(separator: " ")
        let post = samplePost("<p>Body</p>", language: "es", spoiler: "CW", media: [MediaAttachment(id: "m", kind: .audio, description: "Song")],
                              mentions: [beaMention], poll: Poll(id: "p", expired: true, options: [.init(title: "A")]), inReplyTo: "1",
                              replyAccount: "2", replies: 2)
        var edited = post
        edited.editedAt = speechNow
        edited.visibility = .private
        let output = speechText(readWarningBody: true).present(edited, template: PostTemplate(display: template, spoken: template), now: speechNow)
        #expect(output.spoken == "[Ana García] [@ana] [Body.] [Body.] [Body.] [] [1 audio clip, poll.] [Content warning: CW.] [Audio: Song.] [Poll: A. Closed.] [5 minutes ago, edited] [] "
            + "[, replying to @bea at other.example] [Spanish (Español)] [2 replies.] [followers only] [edited]")
        #expect(output.line == "[Ana García] [@ana] [Body] [Body] [Body] [] [1 audio clip, poll.] [Content warning: CW] [[Audio: Song]] [Poll: A · Closed] [5 min ago, edited] [] "
            + "[, replying to @bea@other.example] [Spanish (Español)] [2 replies] [followers only] [edited]")
        #expect(output.language == "es")
    }

    @Test func presetsPerLevel() {
        #expect(PostTemplate.standard(.full).presetName(for: .full) == "author-first")
        #expect(PostTemplate.presets["text-first"]?[.short]?.presetName(for: .short) == "text-first")
        #expect(PostTemplate(display: "$text", spoken: "$text").presetName(for: .full) == nil)
        let post = samplePost("<p>Hello</p>")
        let textFirst = speechText().present(post, template: PostTemplate.presets["text-first"]![.full]!, now: speechNow)
        #expect(textFirst.spoken == "Hello. Ana García, 5 minutes ago.")
        #expect(textFirst.line == "Hello (Ana García)")
    }
}

@Suite struct SpeechTextPartsTests {
    @Test func voiceLanguages() {
        #expect(SpeechText.voiceLanguage("pt_br") == "pt-BR")
        #expect(SpeechText.voiceLanguage("ZH-hant-tw") == "zh-Hant-TW")
        #expect(SpeechText.voiceLanguage("es") == "es")
        for bad in [nil, "", "english", "und", "e1", "en--GB", "en-\u{1B}"] { #expect(SpeechText.voiceLanguage(bad) == nil) }
    }

    @Test func relativeTimes() {
        let speech = speechText()
        let cases: [(Double, String, String)] = [
            (30, "just now", "just now"), (60, "1 min ago", "1 minute ago"), (5 * 3600, "5 h ago", "5 hours ago"),
            (3600, "1 h ago", "1 hour ago"), (30 * 3600, "yesterday", "yesterday"), (3 * 86_400, "3 d ago", "3 days ago"),
            (45 * 86_400, "1 mo ago", "1 month ago"), (400 * 86_400, "1 y ago", "1 year ago"), (-600, "just now", "just now"),
        ]
        for (seconds, shown, said) in cases {
            let text = speech.relativeTime(speechNow.addingTimeInterval(-seconds), now: speechNow)
            #expect(text.display == shown)
            #expect(text.spoken == said)
        }
        #expect(speechText(.catalan).relativeTime(speechNow.addingTimeInterval(-7200), now: speechNow).spoken == "fa 2 hores")
    }

    @Test func hashtagsSplit() {
        #expect(SpeechText.splitHashtag("CamelCase") == "Camel Case")
        #expect(SpeechText.splitHashtag("HTMLParser") == "HTML Parser")
        #expect(SpeechText.splitHashtag("100DaysOfCode") == "100 Days Of Code")
        #expect(SpeechText.splitHashtag("snake_case_tag") == "snake case tag")
        #expect(SpeechText.splitHashtag("lowercase") == "lowercase")
        #expect(SpeechText.splitHashtag("ÀlexCatalà") == "Àlex Català")
    }

    @Test func notificationsAndAccounts() {
        let speech = speechText()
        let favourite = MicroblogNotification(id: "n1", kind: .favourite, createdAt: speechNow.addingTimeInterval(-300), account: beaAccount,
                                              post: samplePost("<p>Good morning!</p>"))
        let output = speech.present(favourite, now: speechNow)
        #expect(output.spoken == "Bea cherry blossom favourited your post: Good morning! 5 minutes ago")
        #expect(output.line == "Bea 🌸 favourited your post: Good morning!")
        let follow = speech.present(MicroblogNotification(id: "n2", kind: .follow, createdAt: speechNow, account: beaAccount), now: speechNow)
        #expect(follow.spoken == "Bea cherry blossom follows you. just now")
        #expect(follow.display == "Bea 🌸 follows you")
        let poll = MicroblogNotification(id: "n3", kind: .poll, createdAt: speechNow, account: anaAccount,
                                         post: samplePost("<p>Tea?</p>", poll: Poll(id: "p", expired: true, votesCount: 2,
                                                                                    options: [.init(title: "Yes", votesCount: 2), .init(title: "No", votesCount: 0)])))
        #expect(speech.present(poll, now: speechNow).spoken
            == "A poll you took part in has ended: Tea? Poll: Yes, 2 votes, 100 percent; No, 0 votes, 0 percent. 2 votes. Closed. just now")
        let account = speech.present(anaAccount, level: .full)
        #expect(account.spoken == "Ana García, @ana. Reads poetry aloud. 42 posts, 12 followers, following 7.")
        #expect(account.line == "Ana García @ana")
        #expect(account.display == "Reads poetry aloud.")
        #expect(speech.present(beaAccount, level: .minimal).spoken == "Bea cherry blossom, @bea at other.example")
        #expect(speechText(.spanish).present(anaAccount, level: .full).spoken == "Ana García, @ana. Reads poetry aloud. 42 publicaciones, 12 seguidores, sigue a 7.")
    }

    @Test func linksListSkipsMentionsAndHashtags() {
        let post = samplePost("<p>" + mentionHTML("bea", "https://other.example/@bea") + " " + longLinkHTML + " " + hashtagHTML("Tag")
                              + #" <a href="https://docs.example/x">the docs</a></p>"#)
        let links = speechText().links(in: post)
        #expect(links.map(\.label) == ["example.com", "the docs"])
        #expect(links.map(\.url) == ["https://www.example.com/a/very/long/path/to/a/page.html", "https://docs.example/x"])
    }

    @Test func emptyHTMLHasNoPieces() {
        #expect(MastodonHTML.runs("") == [])
        #expect(MastodonHTML.runs("<p></p><p> </p>") == [])
    }
}
