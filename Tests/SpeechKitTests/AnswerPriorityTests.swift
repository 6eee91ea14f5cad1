import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import Testing

/// Issue 26 item 3: the result of the user's own action answers their key at once, however long the
/// post being read is.
@Suite("Answers to the user's own actions")
struct AnswerPriorityTests {
    @Test("the result of a favourite cuts the long post being read and is said at once")
    func resultOfYourOwnActionCutsTheReading() {
        let f = QueueFixture()
        f.queue.say(Utterance("Tom Whitaker: a long post that takes twenty seconds to read whole."))
        f.clock.advance(by: .milliseconds(130))
        f.queue.say(Utterance("Added to favourites", priority: .answer, earcon: .toggleOn))
        #expect(f.backend.texts == ["Tom Whitaker: a long post that takes twenty seconds to read whole.", "Added to favourites"])
        #expect(f.transcript.lines == [
            "speech focus en-GB: Tom Whitaker: a long post that takes twenty seconds to read whole.",
            "interrupt: Tom Whitaker: a long post that takes twenty seconds to read whole.",
            "earcon toggle-on",
            "speech answer en-GB: Added to favourites",
        ])
        #expect(f.transcript.entries.last?.tMs == 130)
    }

    @Test("a focus that comes while the answer is said waits for it; the answer goes before waiting alerts and notices")
    func answerIsNotCutByFocusAndGoesFirst() {
        let f = QueueFixture()
        f.queue.say(Utterance("Sending failed: no network", priority: .alert))
        f.queue.say(Utterance("3 new posts", priority: .notification))
        f.queue.say(Utterance("Server not found", priority: .alert))
        f.queue.say(Utterance("Vote counted: Yes", priority: .answer))
        // The alert being said ends first (errors are never cut), then the answer, before the waiting alert.
        #expect(f.backend.texts == ["Sending failed: no network"])
        f.queue.say(Utterance("Ana: next post"))
        f.backend.finishCurrent()
        #expect(f.backend.texts.last == "Vote counted: Yes")
        f.queue.say(Utterance("Bea: the post after"))
        #expect(f.backend.current?.text == "Vote counted: Yes")
        for _ in 0..<4 { f.backend.finishCurrent() }
        #expect(f.backend.texts == ["Sending failed: no network", "Vote counted: Yes", "Server not found", "Bea: the post after", "3 new posts"])
        #expect(f.queue.isIdle)
        #expect(!f.queue.isSpeaking)
    }

    @Test("the queue says whether it is speaking, for scanning to wait")
    func isSpeakingFollowsTheBackend() {
        let f = QueueFixture()
        #expect(!f.queue.isSpeaking)
        f.queue.say(Utterance("Posts, wheel list"))
        #expect(f.queue.isSpeaking)
        f.backend.finishCurrent()
        #expect(!f.queue.isSpeaking)
    }
}
