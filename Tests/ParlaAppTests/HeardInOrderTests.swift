import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TestSupport
import Testing

/// What a listener hears, through a real speech queue behind the app (its transcript): a new focus cuts an
/// alert said before it, and coming back online is heard before what the outbox then sends.
@Suite struct HeardInOrderTests {
    /// A harness whose speech is also handed to a real queue over a recording backend.
    struct Heard {
        let h: AppHarness
        let backend = RecordingSpeechBackend()
        let transcript = MemoryTranscript()

        init(engine: FakeEngine) throws {
            h = try AppHarness(engine: engine)
            h.speech.queue = SpeechQueue(backend: backend, earcons: nil, clock: h.clock, transcript: transcript)
        }

        /// Lets everything waiting be said whole.
        func finishAll() {
            for _ in 0..<20 where h.speech.queue?.isIdle == false { backend.finishCurrent() }
        }

        /// The transcript's speech and cut lines.
        var lines: [String] { transcript.lines.filter { !$0.hasPrefix("earcon") } }
    }

    @Test func aNewScreenCutsTheOfflineAlertAndWhatIsTypedThereIsHeard() async throws {
        let engine = FakeEngine()
        engine.refreshError = .unreachable(host: "example.social")
        let heard = try Heard(engine: engine)
        let h = heard.h
        await h.open()
        // The digest is heard whole; the offline notice then starts.
        heard.backend.finishCurrent()
        await h.press(.char("c"))
        await h.press(.char("H"), .char("i"))
        #expect(heard.lines == [
            "speech alert en-GB: Since you left: 3 new posts in home, 1 mention.",
            "speech urgent en-GB: Offline: showing saved posts. Cannot reach example.social. Check the network. Parla will try again.",
            "interrupt: Offline: showing saved posts. Cannot reach example.social. Check the network. Parla will try again.",
            "speech focus en-GB: New post. Text, text field, empty, cursor at the end, 500 characters left, Type to write.",
            "interrupt: New post. Text, text field, empty, cursor at the end, 500 characters left, Type to write.",
            "speech focus en-GB: capital H",
            "interrupt: capital H",
            "speech focus en-GB: i",
        ])
    }

    /// Offline, a post sent is said to wait: "Sending" is not heard after it (it was the last word heard, so the
    /// user took the post for sent).
    @Test func whatBecameOfAPostTakesThePlaceOfSending() async throws {
        let engine = FakeEngine()
        let heard = try Heard(engine: engine)
        let h = heard.h
        await h.open()
        heard.finishAll()
        await h.press(.char("c"))
        heard.finishAll()
        for character in "Lunch" { await h.press(.char(character)) }
        heard.finishAll()
        let before = heard.lines.count
        await h.press(.f(3), .enter)
        h.engine.emit(.postQueued(outboxId: "outbox-1", reason: .unreachable(host: "parla.test")))
        h.executor.run()
        h.app.drain()
        await h.app.settle()
        heard.finishAll()
        #expect(Array(heard.lines.dropFirst(before)) == [
            "speech focus en-GB: Send, button, Press Enter to activate.", "interrupt: Send, button, Press Enter to activate.",
            "speech alert en-GB: Sending", "interrupt: Sending",
            "speech focus en: Ana García: Good morning, everyone! 5 minutes ago.", "interrupt: Ana García: Good morning, everyone! 5 minutes ago.",
            "speech answer en-GB: Waiting to send: Lunch.",
        ])
        // "Sending" still waiting (the answer came before it was said, as offline it can) is taken back with the answer.
        let sending = Utterance("Sending", priority: .alert, earcon: .activate)
        let events = h.speech.events
        let answer = try #require(events.lastIndex { if case .say(let said) = $0 { said.text.hasPrefix("Waiting to send") } else { false } })
        #expect(events[answer - 1] == .withdraw(sending))
        #expect(!events[(answer + 1)...].contains(.say(sending)))
    }

    /// What is heard when the server comes back while the second post is read and the outbox sends `text`
    /// at once; `queuedNow`: the post was queued in this session (else it waited from an earlier one).
    func heardComingBack(sending text: String, queuedNow: Bool) async throws -> [String] {
        let engine = FakeEngine()
        engine.outboxItems = [OutboxItem(id: "o1", post: NewPost(text: text), state: .queued, attempts: 1,
                                         lastError: .unreachable(host: "example.social"), createdAt: testNow)]
        let heard = try Heard(engine: engine)
        let h = heard.h
        await h.open()
        engine.emit(.offline(.unreachable(host: "example.social")))
        if queuedNow { engine.emit(.postQueued(outboxId: "o1", reason: .unreachable(host: "example.social"))) }
        await deliverEvents(h)
        heard.finishAll()
        await h.press(.down)
        let before = heard.lines.count
        engine.emit(.online)
        engine.emit(.postSent(outboxId: "o1", post: post("140", by: me, "<p>\(text)</p>", minutesAgo: 0)))
        await deliverEvents(h)
        heard.finishAll()
        return Array(heard.lines.dropFirst(before))
    }

    @Test func backOnlineIsHeardBeforeThePostWrittenOfflineIsSent() async throws {
        #expect(try await heardComingBack(sending: "Written offline.", queuedNow: true) == [
            "interrupt: Ben Jones: Hola, ¿qué tal? 30 minutes ago.",
            "speech answer en-GB: Back online",
            "speech answer en-GB: Sent: Written offline.",
        ])
    }

    @Test func backOnlineIsHeardBeforeAPostWrittenInAnEarlierSessionIsSent() async throws {
        #expect(try await heardComingBack(sending: "Written yesterday.", queuedNow: false) == [
            "interrupt: Ben Jones: Hola, ¿qué tal? 30 minutes ago.",
            "speech answer en-GB: Back online",
            "speech answer en-GB: Sent: Written yesterday.",
        ])
    }
}
