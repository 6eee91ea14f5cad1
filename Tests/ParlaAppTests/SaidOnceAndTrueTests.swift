import Foundation
import Mastodon
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import SpeechKitTesting
import Testing

/// What is said, once and true (issue 26, items 5, 7, 8 and 14), as the transcript has it.
@Suite struct SaidOnceAndTrueTests {
    // MARK: Item 5: nothing twice

    @Test func goingBackToATimelineSaysOnlyThePost() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(1))
        h.speech.clear()
        await h.press(.escape)
        #expect(h.texts == ["Ana García: Good morning, everyone! 5 minutes ago."])
    }

    @Test func enterOnGoTosHashtagSaysNoHashtagSent() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("g"), .tab, .char("t"), .char("e"), .char("a"))
        h.speech.clear()
        await h.press(.enter)
        #expect(h.speech.events.first == .play(.activate))
        #expect(!h.texts.contains { $0.hasSuffix(" sent") })
        #expect(h.texts.first == "Loading Hashtag tea, please wait, Escape cancels.")
    }

    @Test func aNameWithCustomEmojiIsSaidWithoutThem() async throws {
        let amara = Account(id: "8", acct: "amara", username: "amara", displayName: "Amara Okafor :radio_on:", note: RichText(html: "<p>Radio.</p>"),
                            emojis: [CustomEmoji(shortcode: "radio_on")])
        let engine = FakeEngine.home([post("110", by: amara, "<p>On air</p>", minutesAgo: 5)])
        engine.scripted.add(accounts: [amara])
        let h = try AppHarness(engine: engine)
        await h.open()
        #expect(h.texts.last?.hasPrefix("Home · main. Posts, wheel list, 1 of 1. Amara Okafor: On air. 5 minutes ago.") == true, "\(h.texts)")
        await h.press(.char("u"))
        #expect(h.texts.contains("Loading Amara Okafor's details, please wait, Escape cancels."), "\(h.texts)")
    }

    // MARK: Item 7: a reply in the posting language

    @Test func aReplyToASpanishPostIsWrittenInThePostingLanguage() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.down, .char("r"))
        #expect(h.texts.last == "Reply to Ben Jones. Text, text field, @ben@example.org , cursor at the end, 483 characters left, Type to write.")
        await h.press(.char("o"), .char("k"), .f(3), .enter)
        #expect(h.engine.sent.map(\.language) == ["en"])
    }

    @Test func composeSaysTheLanguageWhenItIsNotTheInterfaces() async throws {
        var catalan = me
        catalan.postingLanguage = "ca"
        let engine = FakeEngine()
        engine.scripted.setCurrentAccount(catalan)
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("c"))
        #expect(h.texts.last == "New post, writing in Catalan (Català). Text, text field, empty, cursor at the end, 500 characters left, Type to write.")
        await h.press(.char("b"), .char("o"), .f(3), .enter)
        #expect(h.engine.sent.map(\.language) == ["ca"])
    }

    // MARK: Item 8: said, and true

    @Test func aProfileOpensWithTheRelationshipAndTheBio() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("u"))
        #expect(h.texts.last == "Ana García. They follow you. Reads poetry aloud. Handle, label, @ana, Right and Left read word by word.")
    }

    @Test func sentNamesItsImageAndItsWarning() async throws {
        let h = try AppHarness()
        await h.open()
        var sent = post("120", by: me, "<p>Look up</p>", minutesAgo: 0, spoiler: "Birds")
        sent.media = [MediaAttachment(id: "m", kind: .image, description: "A heron")]
        h.engine.emit(.postSent(outboxId: "outbox-1", post: sent))
        await deliverEvents(h)
        #expect(h.utterances.last == Utterance("Sent: Look up. With 1 image, behind the content warning Birds.", priority: .answer, earcon: .sent))
    }

    @Test func aVoteSaysTheChoiceCounted() async throws {
        var polled = post("130", by: ana, "<p>Tea or coffee?</p>", minutesAgo: 5)
        polled.poll = Poll(id: "p1", options: [.init(title: "Tea", votesCount: 1), .init(title: "Coffee", votesCount: 0)])
        let engine = FakeEngine.home([polled])
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("v"), .tab, .enter, .tab, .tab, .enter)
        #expect(h.utterances.last == Utterance("Vote counted: Tea", earcon: .sent))
    }

    @Test func crossingTheLimitIsAnAlertTheNextKeyDoesNotCut() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"))
        for _ in 0..<500 { h.app.handle(.char("a")) }
        await h.app.settle()
        h.speech.clear()
        await h.press(.char("b"), .char("c"))
        #expect(h.utterances.filter { $0.priority == .alert } == [Utterance("1 character over the limit", priority: .alert, earcon: .error)])
    }

    /// "19 characters left" waited behind the typing and was said after "1 character over the limit", when the text was
    /// already 14 over: the notice is withdrawn as the text crosses the limit, so what is heard last is true.
    @Test func aCountLeftThatWaitedIsWithdrawnWhenTheTextGoesOverTheLimit() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"))
        for _ in 0..<480 { h.app.handle(.char("a")) }
        await h.app.settle()
        // From here what is heard goes through a real queue: the notice waits behind the echo of each letter.
        let backend = RecordingSpeechBackend()
        let transcript = MemoryTranscript()
        h.speech.queue = SpeechQueue(backend: backend, earcons: nil, clock: h.clock, transcript: transcript)
        await h.press(.char("b"))
        for _ in 0..<20 { await h.press(.char("d")) }
        for _ in 0..<20 where h.speech.queue?.isIdle == false { backend.finishCurrent() }
        let heard = transcript.lines.filter { $0.hasPrefix("speech") && !$0.hasSuffix(": d") }
        #expect(heard == ["speech focus en-GB: b", "speech alert en-GB: 1 character over the limit"])
    }

    // MARK: Item 14: a notification names its post

    @Test func aMentionThatArrivesNamesItsPost() async throws {
        var settings = AppSettings()
        settings.autoreadMentions = false
        let h = try AppHarness(settings: settings)
        await h.open()
        let mention = MicroblogNotification(id: "n9", kind: .mention, createdAt: testNow, account: ben,
                                            post: post("140", by: ben, "<p>Are you coming to the reading tonight?</p>", minutesAgo: 0))
        h.engine.emit(.notification(mention, urgent: true))
        await deliverEvents(h)
        #expect(h.utterances.last == Utterance("New mention from Ben Jones: Are you coming to the reading tonight?", priority: .notification,
                                               earcon: .mention, coalesceKey: "notification"))
    }
}
