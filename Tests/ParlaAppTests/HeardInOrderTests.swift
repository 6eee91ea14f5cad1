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

    @Test func backOnlineIsHeardBeforeThePostWrittenOfflineIsSent() async throws {
        let engine = FakeEngine()
        engine.outboxItems = [OutboxItem(id: "o1", post: NewPost(text: "Written offline."), state: .queued, attempts: 1,
                                         lastError: .unreachable(host: "example.social"), createdAt: testNow)]
        let heard = try Heard(engine: engine)
        let h = heard.h
        await h.open()
        engine.emit(.offline(.unreachable(host: "example.social")))
        engine.emit(.postQueued(outboxId: "o1", reason: .unreachable(host: "example.social")))
        await deliverEvents(h)
        heard.finishAll()
        await h.press(.down)
        let before = heard.lines.count
        // The server answers again while a post is read: the outbox sends at once.
        let sent = post("140", by: me, "<p>Written offline.</p>", minutesAgo: 0)
        engine.emit(.online)
        engine.emit(.postSent(outboxId: "o1", post: sent))
        await deliverEvents(h)
        heard.backend.finishCurrent()
        heard.backend.finishCurrent()
        #expect(Array(heard.lines.dropFirst(before)) == [
            "interrupt: Ben Jones: Hola, ¿qué tal? 30 minutes ago.",
            "speech answer en-GB: Back online",
            "speech answer en-GB: Sent: Written offline.",
        ])
    }

    @Test func backOnlineIsHeardBeforeAPostWrittenInAnEarlierSessionIsSent() async throws {
        let engine = FakeEngine()
        engine.outboxItems = [OutboxItem(id: "o7", post: NewPost(text: "Written yesterday."), state: .queued, attempts: 3,
                                         lastError: .unreachable(host: "example.social"), createdAt: testNow)]
        let heard = try Heard(engine: engine)
        let h = heard.h
        await h.open()
        engine.emit(.offline(.unreachable(host: "example.social")))
        await deliverEvents(h)
        heard.finishAll()
        await h.press(.down)
        let before = heard.lines.count
        engine.emit(.online)
        engine.emit(.postSent(outboxId: "o7", post: post("141", by: me, "<p>Written yesterday.</p>", minutesAgo: 0)))
        await deliverEvents(h)
        heard.finishAll()
        #expect(Array(heard.lines.dropFirst(before)) == [
            "interrupt: Ben Jones: Hola, ¿qué tal? 30 minutes ago.",
            "speech answer en-GB: Back online",
            "speech answer en-GB: Sent: Written yesterday.",
        ])
    }
}
