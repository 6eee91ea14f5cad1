import Foundation
import ParlaBase
import LVControls
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

/// "Read to the end" in a text view (issue 26, item 14): the highlight and the hardware cursor go word by
/// word with the voice as each word is heard, and stay on the last word heard when the reading ends or is
/// cut, so that review goes on from there.
@Suite struct TextViewFollowsSpeechTests {
    let text = "One two three. Four five six seven eight nine ten eleven twelve thirteen."

    @Test func readToTheEndMovesTheHighlightAndCursorWithEachWordHeardAndStaysOnTheLast() {
        let view = TextView("Note", text: ReviewText(text))
        let h = Harness([view])
        h.press(.right, .right, .enter)
        // The reading starts at the review word; until a word of it is heard the cursor stays there.
        let said = "two three. Four five six seven eight nine ten eleven twelve thirteen."
        #expect(h.transcript == ["One", "two", said])
        #expect(h.cursor == Point(x: 7, y: 2))
        h.speech.isSpeaking = true
        h.speech.hear("three.")
        h.advance(by: .milliseconds(50))
        #expect(h.cursor == Point(x: 11, y: 2))
        let grid = h.terminal.lastFrame!.grid
        #expect((11..<17).allSatisfy { grid[$0, 2].style == Style(bold: true, reverse: true) })
        #expect(grid[7, 2].style == .plain)
        h.speech.hear("eight")
        h.advance(by: .milliseconds(50))
        #expect(h.lines[2...3] == ["   One two three. Four five six seven", " > eight nine ten eleven twelve"])
        #expect(h.cursor == Point(x: 3, y: 3))
        // The post's counts change while it is read: the reading goes on being followed.
        view.setText(ReviewText(text + " 2 replies"), keepingReview: true)
        // The host looks every 50 ms and has nothing to draw while the same word is heard.
        let next = h.clock.now() + .milliseconds(50)
        #expect(h.host.nextDeadline == next)
        h.clock.set(next)
        #expect(h.host.tick() == false)
        h.speech.hear("nine")
        h.clock.set(h.host.nextDeadline!)
        #expect(h.host.tick() == true)
        // The reading ends: the host stops looking, and review goes on from the last word heard.
        h.speech.isSpeaking = false
        h.speech.currentWord = nil
        h.advance(by: .milliseconds(50))
        #expect(h.host.nextDeadline == nil)
        #expect(h.cursor == Point(x: 9, y: 3))
        h.press(.right)
        #expect(h.transcript.last == "ten")
        #expect(h.cursor == Point(x: 14, y: 3))
    }

    @Test func aKeyPressedDuringTheReadingActsFromTheWordLastHeard() {
        let view = TextView("Note", text: ReviewText(text))
        let h = Harness([view])
        // Before any step the reading starts at the first word.
        h.press(.enter)
        #expect(h.transcript == [text])
        h.speech.isSpeaking = true
        // Heard a moment ago, before the host looked: the stop key still leaves review on it.
        h.speech.hear("Four")
        h.press(Key(.character(" "), .ctrl))
        h.speech.isSpeaking = false
        h.speech.currentWord = nil
        #expect(h.cursor == Point(x: 18, y: 2))
        h.press(.right)
        #expect(h.transcript == [text, "<stop>", "five"])
        #expect(h.cursor == Point(x: 23, y: 2))
    }

    @Test func anotherUtteranceCuttingTheReadingLeavesTheHighlightOnTheLastWordHeard() {
        let view = TextView("Note", text: ReviewText(text))
        let h = Harness([view])
        h.press(.enter)
        h.speech.isSpeaking = true
        // Words of what was said before the reading do not end it.
        h.speech.currentWord = SpeechQueue.SpokenWord(utterance: "Note, label.", offset: 0, length: 4)
        h.advance(by: .milliseconds(50))
        #expect(h.host.nextDeadline != nil)
        h.speech.hear("six")
        h.advance(by: .milliseconds(50))
        #expect(h.cursor == Point(x: 28, y: 2))
        h.speech.currentWord = SpeechQueue.SpokenWord(utterance: "New post from Ben", offset: 0, length: 3)
        h.advance(by: .milliseconds(50))
        #expect(h.host.nextDeadline == nil)
        #expect(h.cursor == Point(x: 28, y: 2))
    }

    /// The reading is one utterance with white space made single and its languages as segments in order;
    /// a word heard is found in the text as shown (a line break, two spaces, a separator standing alone).
    @Test func theWordHeardIsFoundInATextOfSeveralLanguagesAndLines() {
        let text = ReviewText(segments: [.init("[Image: "), .init("Un  paraguas\nrojo", language: "es"), .init("] · Next words")])
        let view = TextView("Note", text: text)
        let h = Harness([view])
        h.press(.enter)
        let said = "[Image: Un paraguas rojo] · Next words"
        #expect(h.speech.events == [.say(text.utterance(0..<text.characters.count))])
        #expect(h.transcript == [said])
        #expect(h.lines[2...3] == [" > [Image: Un  paraguas", "   rojo] · Next words"])
        h.speech.isSpeaking = true
        h.speech.hear("paraguas")
        h.advance(by: .milliseconds(50))
        #expect(h.cursor == Point(x: 15, y: 2))
        h.speech.hear("·")
        h.advance(by: .milliseconds(50))
        #expect(h.cursor == Point(x: 3, y: 3))
        h.speech.hear("Next")
        h.advance(by: .milliseconds(50))
        #expect(h.cursor == Point(x: 11, y: 3))
    }

    /// Over the real speech queue: the words its synthesiser reports in a reading of several languages
    /// move the highlight, and when the reading has been said review stays on the last word heard.
    @Test func theSpeechQueuesWordEventsMoveTheHighlightUntilTheReadingHasBeenSaid() {
        let backend = RecordingSpeechBackend()
        let clock = ManualClock()
        let localizer = TestLocalization.localizer()
        let terminal = MemoryTerminal(size: Size(width: 40, height: 12))
        let text = ReviewText(segments: [.init("[Image: "), .init("Un  paraguas\nrojo", language: "es"), .init("] · ¿Next words")])
        let host = ScreenHost(root: TestScreen([TextView("Note", text: text)], localizer: localizer), backend: terminal,
                              speech: SpeechQueue(backend: backend, earcons: nil, clock: clock), clock: clock, localizer: localizer,
                              theme: Theme.named(.monochrome, ascii: true))
        host.start()
        host.handle(.enter)
        #expect(backend.current?.segments.map(\.text) == ["[Image: ", "Un paraguas rojo", "] · ¿Next words"])
        var cursors: [Point?] = []
        // eSpeak-NG reports a word at its first letter, past punctuation before it ("¿").
        for offset in [11, 29] {
            backend.reachWord(offset: offset, length: 4)
            clock.set(host.nextDeadline!)
            if host.tick() { host.render() }
            cursors.append(terminal.lastFrame?.cursor)
        }
        #expect(cursors == [Point(x: 15, y: 2), Point(x: 11, y: 3)])
        backend.finishCurrent()
        clock.set(host.nextDeadline!)
        #expect(host.tick() == false)
        #expect(host.nextDeadline == nil)
        host.handle(.right)
        #expect(backend.texts.last == "words")
        #expect(terminal.lastFrame?.cursor == Point(x: 17, y: 3))
    }

    /// On a clock that moves on between two readings (as the real one does), the host still follows: a control
    /// that has just begun to follow is due at once, not "a moment from now" for ever.
    @Test func theHighlightFollowsOnAClockThatMovesEveryTimeItIsRead() {
        let backend = RecordingSpeechBackend()
        let clock = CreepingClock()
        let localizer = TestLocalization.localizer()
        let terminal = MemoryTerminal(size: Size(width: 40, height: 12))
        let host = ScreenHost(root: TestScreen([TextView("Note", text: ReviewText(text))], localizer: localizer), backend: terminal,
                              speech: SpeechQueue(backend: backend, earcons: nil, clock: clock), clock: clock, localizer: localizer,
                              theme: Theme.named(.monochrome, ascii: true))
        host.start()
        host.handle(.enter)
        backend.reachWord(offset: 15, length: 4)
        if host.tick() { host.render() }
        #expect(terminal.lastFrame?.cursor == Point(x: 18, y: 2))
    }
}

/// A clock that moves on by a millisecond every time it is read.
final class CreepingClock: TickClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Duration = .zero

    func now() -> Duration {
        lock.withLock {
            current += .milliseconds(1)
            return current
        }
    }
}
