import Foundation
import ParlaBase

/// The one place everything Parla says goes through.
///
/// Priorities follow speech-dispatcher's model:
/// - ``SpeechPriority/focus``: a new focus cuts the focus (or notification) being said at once;
///   only the latest waiting focus is kept.
/// - ``SpeechPriority/notification``: waits behind everything; one with the same `coalesceKey` as a
///   waiting one replaces it ("12 new posts"), and one that waited longer than
///   ``Policy/notificationLifetime`` is dropped. A coalescing notice is the latest count of what it
///   tells, still true after a long post was read: it lives four lifetimes (a minute by default), so a
///   burst of posts while the user reads one is heard when the post ends.
/// - ``SpeechPriority/alert``: waits its turn and goes before waiting focus and notifications; a focus
///   said within the same control (a typed letter's echo) does not cut it, but the focus moving to
///   another control, item or screen (``focusMoved()``) cuts it and drops the alerts waiting.
/// - ``SpeechPriority/urgent``: an alert the user must hear at once (offline): cuts a focus being said,
///   which is said again after it; cut by the focus moving on, as alerts are.
/// - ``SpeechPriority/answer``: the result of the user's own action; cuts a focus or notification being
///   said, goes before everything waiting (an alert being said ends first), is never cut by a focus.
/// - ``SpeechPriority/interruptAll``: stops everything, then says its text (if any).
///
/// The queue is driven by its backend's events and an injected ``TickClock`` (for staleness and the
/// transcript); it never sleeps. It is safe to call from any thread.
public final class SpeechQueue: SpeechOutput, @unchecked Sendable {
    /// Timing rules.
    public struct Policy: Sendable, Hashable {
        /// A notification waiting longer than this is dropped when its turn comes.
        public var notificationLifetime: Duration

        /// Creates a policy.
        public init(notificationLifetime: Duration = .seconds(15)) {
            self.notificationLifetime = notificationLifetime
        }
    }

    /// The word being said, from the backend's word events.
    public struct SpokenWord: Sendable, Hashable {
        /// The whole utterance's text.
        public var utterance: String
        /// The word's first character (counted in characters of `utterance`).
        public var offset: Int
        /// The word's length in characters.
        public var length: Int
        /// A word heard: `length` characters at `offset` of `utterance`.
        public init(utterance: String, offset: Int, length: Int) {
            self.utterance = utterance
            self.offset = offset
            self.length = length
        }

        /// The word itself.
        public var word: String {
            let characters = Array(utterance)
            let start = min(max(offset, 0), characters.count)
            let end = min(start + max(length, 0), characters.count)
            return String(characters[start..<end])
        }
    }

    struct Active {
        var id: UInt64
        var utterance: Utterance
        var language: String
    }

    struct Waiting {
        var utterance: Utterance
        var since: Duration
    }

    let lock = NSLock()
    let backend: any SpeechBackend
    let earcons: (any EarconPlayer)?
    let clock: any TickClock
    let transcript: (any TranscriptSink)?
    let policy: Policy

    var settingsStorage: SpeechSettings
    var current: Active?
    var pendingFocus: Waiting?
    var alerts: [Waiting] = []
    var answers: [Waiting] = []
    var notifications: [Waiting] = []
    var lastRepeatable: Utterance?
    var nextID: UInt64 = 1
    var word: SpokenWord?
    var failures: [SpeechError] = []
    var idleWaiters: [@Sendable () -> Void] = []
    var keyEcho = KeyEchoTracker()
    /// A backend that schedules itself (speech-dispatcher) was handed an alert since the focus last moved, with no
    /// answer after it: the focus moving on cancels what it says, as the queue cuts an alert itself.
    var alertHandedOver = false

    /// Creates a queue over a backend.
    ///
    /// - Parameters:
    ///   - backend: the synthesiser; the queue becomes its event handler.
    ///   - earcons: plays earcons (nil: none are played).
    ///   - clock: time for staleness and the transcript.
    ///   - transcript: receives a line for every utterance, earcon and cut.
    ///   - settings: the voice and sound settings, applied to the backend at once.
    ///   - policy: timing rules.
    public init(
        backend: any SpeechBackend, earcons: (any EarconPlayer)?, clock: any TickClock,
        transcript: (any TranscriptSink)? = nil, settings: SpeechSettings = SpeechSettings(),
        policy: Policy = Policy()
    ) {
        self.backend = backend
        self.earcons = earcons
        self.clock = clock
        self.transcript = transcript
        self.settingsStorage = settings
        self.policy = policy
        backend.setEventHandler { [weak self] event in self?.handle(event) }
        backend.apply(settings.voice)
    }

    /// The settings; a new value applies at once (the next utterance uses it).
    public var settings: SpeechSettings {
        get { lock.withLock { settingsStorage } }
        set {
            lock.withLock {
                let voiceChanged = newValue.voice != settingsStorage.voice
                settingsStorage = newValue
                if voiceChanged { backend.apply(newValue.voice) }
                if newValue.earconsOnly { cutLocked(); clearWaitingLocked(keepAlerts: false) }
            }
        }
    }

    // MARK: SpeechOutput

    /// The utterance as it is queued: unsafe characters removed, outer spaces trimmed.
    private func normalized(_ utterance: Utterance) -> Utterance {
        var utterance = utterance
        if utterance.segments.count == 1 {
            utterance.segments[0].text = TextSafety.stripped(utterance.text).trimmingCharacters(in: .whitespaces)
            return utterance
        }
        var segments = utterance.segments.map { Utterance.Segment(TextSafety.stripped($0.text), language: $0.language) }
        while let first = segments.first, first.text.allSatisfy(\.isWhitespace) { segments.removeFirst() }
        while let last = segments.last, last.text.allSatisfy(\.isWhitespace) { segments.removeLast() }
        if !segments.isEmpty {
            segments[0].text = String(segments[0].text.drop { $0 == " " || $0 == "\t" })
            let last = segments.count - 1
            while segments[last].text.last == " " || segments[last].text.last == "\t" { segments[last].text.removeLast() }
        }
        utterance.segments = segments.isEmpty ? [Utterance.Segment("", language: utterance.language)] : segments
        return utterance
    }

    public func say(_ utterance: Utterance) {
        let utterance = normalized(utterance)
        let waiters: [@Sendable () -> Void] = lock.withLock {
            sayLocked(utterance)
            return takeIdleWaitersLocked()
        }
        waiters.forEach { $0() }
    }

    public func play(_ earcon: Earcon) {
        lock.withLock { playEarconLocked(earcon, for: nil) }
    }

    public func stopSpeaking() {
        let waiters: [@Sendable () -> Void] = lock.withLock {
            cutLocked()
            clearWaitingLocked(keepAlerts: false)
            earcons?.stopEarcons()
            return takeIdleWaitersLocked()
        }
        waiters.forEach { $0() }
    }

    public func withdraw(_ utterance: Utterance) {
        let waiters: [@Sendable () -> Void] = lock.withLock {
            withdrawLocked(normalized(utterance))
            return takeIdleWaitersLocked()
        }
        waiters.forEach { $0() }
    }

    public func focusMoved() {
        let waiters: [@Sendable () -> Void] = lock.withLock {
            alerts.removeAll()
            // speech-dispatcher keeps a MESSAGE whatever TEXT comes: cancel it; an answer handed after it is left whole.
            if backend.schedulesItself, alertHandedOver {
                alertHandedOver = false
                cutLocked()
            }
            // Cut without starting what waits: the new focus is said next and starts at once.
            if let active = current, active.utterance.priority.endsWhenFocusMoves { cutLocked() }
            return takeIdleWaitersLocked()
        }
        waiters.forEach { $0() }
    }

    public func repeatLast() {
        guard let last = lock.withLock({ lastRepeatable }) else { return }
        var again = last
        again.priority = .focus
        again.coalesceKey = nil
        say(again)
    }

    public func spellLast() {
        guard let last = lock.withLock({ lastRepeatable }) else { return }
        var spelled = Utterance(last.text, language: last.language ?? last.segments.first?.language, priority: .focus, spelled: true)
        spelled.earcon = nil
        say(spelled)
    }

    /// Says what key echo wants for a typed character (nothing, the character, or a finished word).
    public func typed(_ character: Character) {
        let utterance: Utterance? = lock.withLock {
            keyEcho.typed(character, mode: settingsStorage.keyEcho)
        }
        if let utterance { say(utterance) }
    }

    // MARK: State

    /// Whether nothing is being said or waiting.
    public var isIdle: Bool { lock.withLock { isIdleLocked } }

    /// Whether something is being said or waits to be.
    public var isSpeaking: Bool { !isIdle }

    /// The text being said now, if any.
    public var speaking: Utterance? { lock.withLock { current?.utterance } }

    /// The word being said now (from the backend's word events), if known.
    public var currentWord: SpokenWord? { lock.withLock { word } }

    /// Failures the backend reported, oldest first (each once); reading them clears the list.
    public func takeFailures() -> [SpeechError] {
        lock.withLock {
            defer { failures.removeAll() }
            return failures
        }
    }

    /// Calls `body` once when nothing is being said or waiting (at once if idle now).
    ///
    /// `body` runs on whichever thread made the queue idle; it must not block.
    public func whenIdle(_ body: @escaping @Sendable () -> Void) {
        let runNow: Bool = lock.withLock {
            if isIdleLocked { return true }
            idleWaiters.append(body)
            return false
        }
        if runNow { body() }
    }
}
