import SpeechKit

/// A speech output that only records, for tests: every call in order.
public final class RecordingSpeechOutput: SpeechOutput {
    /// One recorded call.
    public enum Event: Hashable, Sendable {
        case say(Utterance)
        case play(Earcon)
        case stop
        case repeatLast
        case spellLast
        case withdraw(Utterance)
    }

    public private(set) var events: [Event] = []
    /// Whether the output is to seem busy saying something (a test sets it, and clears it when "said").
    public var isSpeaking = false
    /// The word to seem heard now (a test sets it as the "voice" reaches each word).
    public var currentWord: SpeechQueue.SpokenWord?

    /// A real speech queue every call is handed on to as well, so that a test can read what would be heard,
    /// cut and in the order the queue's priorities give (its transcript); nil: recorded only.
    public var queue: SpeechQueue?

    public init() {}

    public func say(_ utterance: Utterance) {
        events.append(.say(utterance))
        queue?.say(utterance)
    }
    public func play(_ earcon: Earcon) {
        events.append(.play(earcon))
        queue?.play(earcon)
    }
    public func stopSpeaking() {
        events.append(.stop)
        queue?.stopSpeaking()
    }
    public func repeatLast() {
        events.append(.repeatLast)
        queue?.repeatLast()
    }
    public func spellLast() {
        events.append(.spellLast)
        queue?.spellLast()
    }
    public func withdraw(_ utterance: Utterance) {
        events.append(.withdraw(utterance))
        queue?.withdraw(utterance)
    }
    /// Not recorded as an event (it says nothing); handed on to ``queue``.
    public func focusMoved() { queue?.focusMoved() }

    /// The texts said, in order.
    public var texts: [String] {
        events.compactMap { if case .say(let u) = $0 { return u.text } else { return nil } }
    }

    /// Makes `word` (its first occurrence as a whole word) in the last text said seem heard now, as
    /// the speech queue reports it from the synthesiser's word events; nil when it is not there.
    public func hear(_ word: String) {
        let said = texts.last ?? ""
        let padded = " " + said + " "
        guard let found = padded.range(of: " " + word + " ") else {
            currentWord = nil
            return
        }
        // The space before the word in `padded` stands where the word starts in `said`.
        currentWord = SpeechQueue.SpokenWord(utterance: said, offset: padded.distance(from: padded.startIndex, to: found.lowerBound),
                                             length: word.count)
    }

    /// Forgets everything recorded so far.
    public func clear() { events.removeAll() }
}
