import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import Testing

/// A queue over a recording backend, a recording earcon player, a manual clock and a memory transcript.
struct QueueFixture {
    let backend = RecordingSpeechBackend()
    let earcons = RecordingEarconPlayer()
    let clock = ManualClock()
    let transcript = MemoryTranscript()
    let queue: SpeechQueue

    init(settings: SpeechSettings = SpeechSettings(), backend: RecordingSpeechBackend? = nil) {
        let chosen = backend ?? self.backend
        queue = SpeechQueue(
            backend: chosen, earcons: earcons, clock: clock, transcript: transcript, settings: settings,
            policy: SpeechQueue.Policy(notificationLifetime: .seconds(10)))
    }
}

@Suite("Speech queue")
struct SpeechQueueTests {
    @Test("a new focus cuts the focus being said; only the latest waiting focus is heard")
    func focusCutsFocus() {
        let f = QueueFixture()
        f.queue.say(Utterance("Home timeline"))
        f.clock.advance(by: .milliseconds(40))
        f.queue.say(Utterance("Mentions"))
        f.clock.advance(by: .milliseconds(40))
        f.queue.say(Utterance("Bookmarks"))
        f.backend.finishCurrent()
        #expect(f.backend.texts == ["Home timeline", "Mentions", "Bookmarks"])
        #expect(f.transcript.lines == [
            "speech focus en-GB: Home timeline",
            "interrupt: Home timeline",
            "speech focus en-GB: Mentions",
            "interrupt: Mentions",
            "speech focus en-GB: Bookmarks",
        ])
        #expect(f.transcript.entries.map(\.tMs) == [0, 40, 40, 80, 80])
        #expect(f.queue.isIdle)
    }

    @Test("withdrawing the alert being said cuts it and goes on with the focus waiting behind it; a waiting one is dropped")
    func withdrawCutsOneUtterance() {
        let f = QueueFixture()
        let digest = Utterance("Since you left: 3 new posts in home.", priority: .alert)
        f.queue.say(digest)
        f.queue.say(Utterance("Ana: good morning"))
        f.clock.advance(by: .milliseconds(300))
        f.queue.withdraw(digest)
        #expect(f.backend.texts == ["Since you left: 3 new posts in home.", "Ana: good morning"])
        #expect(f.transcript.lines == [
            "speech alert en-GB: Since you left: 3 new posts in home.",
            "interrupt: Since you left: 3 new posts in home.",
            "speech focus en-GB: Ana: good morning",
        ])
        // Withdrawn while waiting: never said; others waiting stay.
        let later = Utterance("Two alerts ago", priority: .alert)
        f.queue.say(later)
        f.queue.say(Utterance("Kept", priority: .alert))
        f.queue.withdraw(later)
        f.queue.withdraw(Utterance("Never queued", priority: .alert))
        f.backend.finishCurrent()
        f.backend.finishCurrent()
        #expect(f.backend.texts == ["Since you left: 3 new posts in home.", "Ana: good morning", "Kept"])
        #expect(f.queue.isIdle)
    }

    @Test("focus waits behind an alert, and only the latest of several waiting focuses is said")
    func alertsAreNeverCutByFocus() {
        let f = QueueFixture()
        f.queue.say(Utterance("Sending failed: no network", priority: .alert, earcon: .error))
        f.queue.say(Utterance("Reply"))
        f.queue.say(Utterance("Boost"))
        f.queue.say(Utterance("Favourite"))
        #expect(f.backend.texts == ["Sending failed: no network"])
        #expect(!f.backend.calls.contains(.cancel))
        f.backend.finishCurrent()
        f.backend.finishCurrent()
        #expect(f.backend.texts == ["Sending failed: no network", "Favourite"])
        #expect(f.transcript.lines == [
            "earcon error",
            "speech alert en-GB: Sending failed: no network",
            "speech focus en-GB: Favourite",
        ])
        #expect(f.earcons.played == [.error])
    }

    @Test("the focus moving on cuts the alert being said and drops the alerts waiting; an answer still holds")
    func aMovedFocusCutsAlertsButNotAnswers() {
        let f = QueueFixture()
        f.queue.say(Utterance("The draft could not be saved.", priority: .alert, earcon: .error))
        f.queue.say(Utterance("Settings not saved.", priority: .alert))
        f.clock.advance(by: .milliseconds(200))
        // A letter's echo within the same control waits behind the alert.
        f.queue.say(Utterance("n", spelled: true))
        #expect(f.backend.texts == ["The draft could not be saved."])
        f.queue.focusMoved()
        f.queue.say(Utterance("New post. Text, edit field."))
        #expect(f.backend.texts == ["The draft could not be saved.", "New post. Text, edit field."])
        // The user's own result is said whole, and the focus after it waits for it.
        f.queue.say(Utterance("Added to favourites", priority: .answer))
        f.queue.focusMoved()
        f.queue.say(Utterance("Reply, button."))
        f.backend.finishCurrent()
        f.backend.finishCurrent()
        #expect(f.transcript.lines == [
            "earcon error",
            "speech alert en-GB: The draft could not be saved.",
            "interrupt: The draft could not be saved.",
            "speech focus en-GB: New post. Text, edit field.",
            "interrupt: New post. Text, edit field.",
            "speech answer en-GB: Added to favourites",
            "speech focus en-GB: Reply, button.",
        ])
        #expect(f.transcript.entries.map(\.tMs) == [0, 0, 200, 200, 200, 200, 200])
        #expect(f.queue.isIdle)
    }

    @Test("an urgent alert cuts the focus being said, which is said again after it; the focus moving on cuts it")
    func anUrgentAlertCutsTheFocusWhichIsSaidAgain() {
        let f = QueueFixture()
        f.queue.say(Utterance("Home. Posts, wheel list, 1 of 40. Parla Tips: a long tip.", earcon: .focus))
        f.clock.advance(by: .milliseconds(120))
        f.queue.say(Utterance("Offline: showing saved posts.", priority: .urgent, earcon: .error))
        f.backend.finishCurrent()
        #expect(f.transcript.lines == [
            "earcon focus",
            "speech focus en-GB: Home. Posts, wheel list, 1 of 40. Parla Tips: a long tip.",
            "interrupt: Home. Posts, wheel list, 1 of 40. Parla Tips: a long tip.",
            "earcon error",
            "speech urgent en-GB: Offline: showing saved posts.",
            "speech focus en-GB: Home. Posts, wheel list, 1 of 40. Parla Tips: a long tip.",
        ])
        #expect(f.transcript.entries.map(\.tMs) == [0, 0, 120, 120, 120, 120])
        // Said again while a post is read, it is cut at once by the next post.
        f.queue.say(Utterance("Offline: showing saved posts.", priority: .urgent))
        f.queue.focusMoved()
        f.queue.say(Utterance("Tom: hello."))
        #expect(Array(f.transcript.lines.suffix(4)) == [
            "interrupt: Home. Posts, wheel list, 1 of 40. Parla Tips: a long tip.",
            "speech urgent en-GB: Offline: showing saved posts.",
            "interrupt: Offline: showing saved posts.",
            "speech focus en-GB: Tom: hello.",
        ])
    }

    @Test("alerts queue in order and go before waiting focus and notifications; none is dropped")
    func alertsQueueInOrder() {
        let f = QueueFixture()
        f.queue.say(Utterance("Timeline"))
        f.queue.say(Utterance("2 new posts", priority: .notification, coalesceKey: "new-posts"))
        f.queue.say(Utterance("Error one", priority: .alert))
        f.queue.say(Utterance("Error two", priority: .alert))
        f.clock.advance(by: .seconds(60))
        for _ in 0..<4 { f.backend.finishCurrent() }
        #expect(f.backend.texts == ["Timeline", "Error one", "Error two"])
        #expect(f.queue.isIdle)
    }

    @Test("notifications wait behind focus and coalesce by key: 12 new posts, not 3 notices")
    func notificationsCoalesce() {
        let f = QueueFixture()
        f.queue.say(Utterance("Post by Ana"))
        f.queue.say(Utterance("1 new post", priority: .notification, coalesceKey: "new-posts"))
        f.queue.say(Utterance("Mention from Jordi", priority: .notification, coalesceKey: "mentions"))
        f.queue.say(Utterance("5 new posts", priority: .notification, coalesceKey: "new-posts"))
        f.queue.say(Utterance("12 new posts", priority: .notification, earcon: .newPost, coalesceKey: "new-posts"))
        #expect(f.backend.texts == ["Post by Ana"])
        f.backend.finishCurrent()
        f.backend.finishCurrent()
        f.backend.finishCurrent()
        #expect(f.backend.texts == ["Post by Ana", "12 new posts", "Mention from Jordi"])
        #expect(f.transcript.lines == [
            "speech focus en-GB: Post by Ana",
            "earcon new-post",
            "speech notification en-GB: 12 new posts",
            "speech notification en-GB: Mention from Jordi",
        ])
    }

    @Test("a notification that waited past its lifetime is dropped; a fresh one is said; a count that coalesces is kept")
    func staleNotificationsDrop() {
        let f = QueueFixture()
        f.queue.say(Utterance("Long post being read"))
        f.queue.say(Utterance("Mention from Jordi", priority: .notification))
        f.queue.say(Utterance("3 new posts", priority: .notification, coalesceKey: "new-posts"))
        f.clock.advance(by: .seconds(8))
        f.queue.say(Utterance("Direct message from Marta", priority: .notification))
        f.clock.advance(by: .seconds(5))
        f.backend.finishCurrent()
        // The mention waited 13 s of a lifetime of 10: dropped. The count, still true after a long post, lives
        // four lifetimes (a burst of posts while the user read one long post was otherwise never heard).
        #expect(f.backend.texts == ["Long post being read", "3 new posts"])
        f.backend.finishCurrent()
        #expect(f.backend.texts == ["Long post being read", "3 new posts", "Direct message from Marta"])
        f.backend.finishCurrent()
        #expect(f.queue.isIdle)
    }

    @Test("a focus cuts a notification being said")
    func focusCutsNotification() {
        let f = QueueFixture()
        f.queue.say(Utterance("4 new posts", priority: .notification))
        f.queue.say(Utterance("Compose"))
        #expect(f.backend.calls == [
            .apply(VoiceSettings()), .speak(id: 1, text: "4 new posts"), .cancel, .speak(id: 2, text: "Compose"),
        ])
    }

    @Test("stop speaking cuts the current utterance and forgets everything waiting")
    func stopForgetsAll() {
        let f = QueueFixture()
        f.queue.say(Utterance("Post text"))
        f.queue.say(Utterance("Error", priority: .alert))
        f.queue.say(Utterance("9 new posts", priority: .notification))
        f.queue.stopSpeaking()
        f.backend.finishCurrent()
        #expect(f.backend.texts == ["Post text"])
        #expect(f.backend.current == nil)
        #expect(f.queue.isIdle)
        #expect(f.transcript.lines == ["speech focus en-GB: Post text", "interrupt: Post text"])
        #expect(f.earcons.stopCount == 1)
    }

    @Test("interrupt-all stops everything, alerts included, then says its own text")
    func interruptAll() {
        let f = QueueFixture()
        f.queue.say(Utterance("Alert one", priority: .alert))
        f.queue.say(Utterance("Alert two", priority: .alert))
        f.queue.say(Utterance("Speech stopped", priority: .interruptAll))
        f.backend.finishCurrent()
        #expect(f.backend.texts == ["Alert one", "Speech stopped"])
        #expect(f.queue.isIdle)
    }

    @Test("repeat last says the last focus or alert again, not a notification")
    func repeatLast() {
        let f = QueueFixture()
        f.queue.say(Utterance("Reply button", language: "es"))
        f.backend.finishCurrent()
        f.queue.say(Utterance("1 new post", priority: .notification))
        f.backend.finishCurrent()
        f.queue.repeatLast()
        #expect(f.backend.texts == ["Reply button", "1 new post", "Reply button"])
        #expect(f.transcript.lines.last == "speech focus es: Reply button")
    }

    @Test("repeat last cuts what is being said")
    func repeatCuts() {
        let f = QueueFixture()
        f.queue.say(Utterance("Settings"))
        f.queue.say(Utterance("Rate 175"))
        f.queue.repeatLast()
        #expect(f.backend.texts == ["Settings", "Rate 175", "Rate 175"])
        #expect(f.backend.calls.filter { $0 == .cancel }.count == 2)
    }

    @Test("text from the network reaches the backend without control characters")
    func controlsStripped() {
        let f = QueueFixture()
        f.queue.say(Utterance("Hello\u{1B}[2J\u{7}world\u{202E}"))
        #expect(f.backend.texts == ["Helloworld"])
    }

    @Test("earcons play with their utterance; sounds off plays none; earcons-only says nothing")
    func earconModes() {
        let f = QueueFixture()
        f.queue.say(Utterance("Reply", earcon: .focus))
        f.queue.play(.edge)
        var settings = f.queue.settings
        settings.sounds = false
        f.queue.settings = settings
        f.queue.say(Utterance("Boost", earcon: .focus))
        settings.sounds = true
        settings.earconsOnly = true
        f.queue.settings = settings
        f.queue.say(Utterance("Favourite", earcon: .toggleOn))
        #expect(f.earcons.played == [.focus, .edge, .toggleOn])
        #expect(f.backend.texts == ["Reply", "Boost"])
        #expect(f.transcript.lines == [
            "earcon focus", "speech focus en-GB: Reply", "earcon edge",
            "interrupt: Reply", "speech focus en-GB: Boost", "interrupt: Boost", "earcon toggle-on",
        ])
    }

    @Test("voice settings reach the backend at once, clamped to their ranges")
    func settingsApplyLive() {
        let f = QueueFixture()
        var settings = f.queue.settings
        settings.voice.rate = 900
        settings.voice.language = "ca"
        settings.voice.pitch = -3
        f.queue.settings = settings
        f.queue.say(Utterance("Hola"))
        #expect(f.backend.calls == [
            .apply(VoiceSettings()),
            .apply(VoiceSettings(rate: 450, pitch: 0, language: "ca")),
            .speak(id: 1, text: "Hola"),
        ])
        #expect(f.backend.spoken.map(\.language) == ["ca"])
    }

    @Test("word events say which word is being spoken")
    func wordEvents() {
        let f = QueueFixture()
        f.queue.say(Utterance("Boost this post"))
        f.backend.reachWord(offset: 6, length: 4)
        #expect(f.queue.currentWord?.word == "this")
        f.backend.finishCurrent()
        #expect(f.queue.currentWord == nil)
    }

    @Test("a failure is reported once and the queue goes on")
    func failureGoesOn() {
        let f = QueueFixture()
        f.queue.say(Utterance("One", priority: .alert))
        f.queue.say(Utterance("Two", priority: .alert))
        f.backend.failCurrent(.synthesisFailed(detail: "bad"))
        #expect(f.backend.texts == ["One", "Two"])
        #expect(f.queue.takeFailures() == [.synthesisFailed(detail: "bad")])
        #expect(f.queue.takeFailures() == [])
    }

    @Test("key echo: characters spelled, or whole words at a boundary")
    func keyEcho() {
        let f = QueueFixture()
        f.queue.typed("h")
        f.queue.typed(",")
        var settings = f.queue.settings
        settings.keyEcho = .words
        f.queue.settings = settings
        for character in "hi there." { f.queue.typed(character) }
        settings.keyEcho = .none
        f.queue.settings = settings
        f.queue.typed("x")
        #expect(f.backend.texts == ["h", ",", "hi", "there"])
        #expect(f.backend.spoken.map(\.spelled) == [true, true, false, false])
    }

    @Test("a self-scheduling backend gets every utterance at once with its priority")
    func selfScheduling() {
        let backend = RecordingSpeechBackend(schedulesItself: true)
        let f = QueueFixture(backend: backend)
        f.queue.say(Utterance("Error", priority: .alert))
        f.queue.say(Utterance("Home"))
        f.queue.say(Utterance("3 new posts", priority: .notification))
        #expect(backend.spoken.map(\.priority) == [.alert, .focus, .notification])
        #expect(f.queue.isIdle)
    }

    @Test("speech-dispatcher: the focus moving on cancels an alert handed over, but not an answer handed after it")
    func aMovedFocusCancelsAnAlertInSpeechDispatcher() {
        let backend = RecordingSpeechBackend(schedulesItself: true)
        let f = QueueFixture(backend: backend)
        f.queue.say(Utterance("Offline: showing saved posts.", priority: .urgent))
        f.queue.say(Utterance("Tom Whitaker: People keep asking."))
        f.queue.focusMoved()
        f.queue.say(Utterance("Amara Okafor: This is why we make radio."))
        // Said once cancelled: the next move does not cut the post being read.
        f.queue.focusMoved()
        f.queue.say(Utterance("Sending failed: no network", priority: .alert))
        f.queue.say(Utterance("Added to favourites", priority: .answer))
        f.queue.focusMoved()
        f.queue.say(Utterance("Reply, button."))
        #expect(backend.calls.filter { if case .apply = $0 { false } else { true } } == [
            .speak(id: 1, text: "Offline: showing saved posts."),
            .speak(id: 2, text: "Tom Whitaker: People keep asking."),
            .cancel,
            .speak(id: 3, text: "Amara Okafor: This is why we make radio."),
            .speak(id: 4, text: "Sending failed: no network"),
            .speak(id: 5, text: "Added to favourites"),
            .speak(id: 6, text: "Reply, button."),
        ])
    }

    @Test("whenIdle runs once the last utterance finishes")
    func whenIdle() {
        let f = QueueFixture()
        let flag = Flag()
        f.queue.say(Utterance("Loading timeline"))
        f.queue.whenIdle { flag.set() }
        #expect(!flag.isSet)
        f.backend.finishCurrent()
        #expect(flag.isSet)
    }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLockBox()
    private var value = false
    func set() { lock.run { value = true } }
    var isSet: Bool { lock.run { value } }
}
