import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Testing

/// What is said once, and each word in its own voice (issue 26, items 5, 6 and 14).
@Suite struct NothingTwiceEachInItsVoiceTests {
    /// Segments as `[lang]text` (`[-]` for the interface's voice), joined.
    func rendered(_ segments: [SpeechText.Segment]) -> String {
        segments.map { "[\($0.language ?? "-")]\($0.text)" }.joined()
    }

    let pablo = Account(id: "7", acct: "pablo", username: "pablo", displayName: "Pablo", url: "https://example.social/@pablo")
    let pabloMention = Mention(id: "7", username: "pablo", acct: "pablo", url: "https://example.social/@pablo")

    // MARK: Item 5: nothing twice

    @Test func aReplyDoesNotSayItsTargetAgainAtTheStartOfTheText() {
        let post = samplePost("<p>" + mentionHTML("pablo", "https://example.social/@pablo") + " Thanks, see you there!</p>",
                              mentions: [pabloMention], inReplyTo: "99", replyAccount: "7")
        let output = speechText().present(post, template: .standard(.full), now: speechNow)
        #expect(output.spoken == "Ana García, replying to @pablo: Thanks, see you there! 5 minutes ago.")
        // The screen still shows the text as written.
        #expect(output.display == "@pablo Thanks, see you there!")
    }

    @Test func aReplyKeepsAMentionOfTheTargetInsideTheText() {
        let post = samplePost("<p>Ask " + mentionHTML("pablo", "https://example.social/@pablo") + " first</p>",
                              mentions: [pabloMention], inReplyTo: "99", replyAccount: "7")
        let output = speechText().present(post, template: .standard(.minimal), now: speechNow)
        #expect(output.spoken == "Ana García: Ask @pablo first.")
    }

    @Test func customEmojiInADisplayNameAreNotSaid() {
        let amara = Account(id: "8", acct: "amara", username: "amara", displayName: "Amara Okafor :radio_on:",
                            url: "https://example.social/@amara", emojis: [CustomEmoji(shortcode: "radio_on")])
        let post = samplePost("<p>On air at six</p>", by: amara)
        let output = speechText().present(post, template: .standard(.full), now: speechNow)
        #expect(output.spoken == "Amara Okafor: On air at six. 5 minutes ago.")
        #expect(output.line == "Amara Okafor: On air at six")
        #expect(amara.plainName == "Amara Okafor")
        let onlyEmoji = Account(id: "9", acct: "zed", username: "zed", displayName: ":radio_on:", emojis: [CustomEmoji(shortcode: "radio_on")])
        #expect(onlyEmoji.plainName == "zed")
    }

    // MARK: Item 6: every word in its own voice

    @Test func aWarnFilteredSpanishPostIsSaidInTheInterfacesVoice() {
        var post = samplePost("<p>La marea larga vuelve esta noche</p>", minutesAgo: 11 * 60, language: "es")
        post.filtered = [FilterMatch(title: "The Long Tide", action: .warn)]
        let output = speechText().present(post, template: .standard(.full), now: speechNow)
        #expect(rendered(output.segments) == "[-]Ana García: Filtered: The Long Tide. 11 hours ago.")
    }

    @Test func aPollNotificationsHeadlineIsInTheInterfacesVoice() {
        let poll = Poll(id: "p", expired: true, votesCount: 2, options: [.init(title: "Sí", votesCount: 2), .init(title: "No", votesCount: 0)])
        let notification = MicroblogNotification(id: "n", kind: .poll, createdAt: speechNow, account: anaAccount,
                                                 post: samplePost("<p>¿Té?</p>", language: "es", poll: poll))
        let output = speechText().present(notification, now: speechNow)
        #expect(rendered(output.segments)
            == "[-]A poll you took part in has ended: [es]¿Té?[-] Poll: [es]Sí[-], 2 votes, 100 percent; [es]No[-], 0 votes, 0 percent. 2 votes. Closed. just now")
    }

    /// The author, then the body with the quoted post's words (a template of the user's own: the levels say a quote's words only in the reader and at "all").
    let bodyAndQuote = PostTemplate(display: "$author: $cw $text", spoken: "$author: $cw $text")

    @Test func aQuotedPostIsReadInItsOwnLanguage() {
        let quoted = samplePost("<p>Bon dia a tothom</p>", by: beaAccount, language: "ca")
        var post = samplePost("<p>Look at this</p>", language: "en")
        post.quote = Quote(state: .accepted, post: quoted)
        let output = speechText().present(post, template: bodyAndQuote, now: speechNow)
        #expect(rendered(output.segments) == "[-]Ana García: [en]Look at this.[-] Quoting Bea cherry blossom: [ca]Bon dia a tothom.")
        let reading = speechText().reading(post, now: speechNow)
        #expect(rendered(reading) == "[-]Ana García @ana\n5 minutes ago · English · public\n\n[en]Look at this[-]\n\n[Quoting Bea 🌸: [ca]Bon dia a tothom[-]]")
    }

    /// The Spanish quote is in the interface's language: the interface's voice reads it.
    @Test func theInterfacesWordsInsideAnEnglishPostAreInTheSpanishVoice() {
        var quoted = samplePost("<p>Hola</p>", by: beaAccount, language: "es")
        quoted.quote = nil
        var post = samplePost(#"<p>Read <a href="https://example.com/news">https://example.com/news</a> now "#
                              + hashtagHTML("SpeechTools") + "</p>", language: "en")
        post.quote = Quote(state: .accepted, post: quoted)
        let output = speechText(.spanish).present(post, template: bodyAndQuote, now: speechNow)
        #expect(rendered(output.segments)
            == "[-]Ana García: [en]Read [-]enlace a example.com[en] now [-]etiqueta [en]Speech Tools.[-] Citando a Bea flor de cerezo: Hola.")
    }

    @Test func emojiAreNamedInTheInterfacesLanguageAndVoice() {
        let post = samplePost("<p>Fresh 🍞 today</p>", language: "en")
        let spanish = speechText(.spanish).present(post, template: .standard(.minimal), now: speechNow)
        #expect(rendered(spanish.segments) == "[-]Ana García: [en]Fresh [-]pan de molde[en] today.")
        let catalan = speechText(.catalan).present(post, template: .standard(.minimal), now: speechNow)
        #expect(catalan.spoken == "Ana García: Fresh pa today.")
    }
}
