/// Where the program hands what it wants said: the speech queue, or a recorder in tests.
///
/// Controls and screens never talk to a synthesiser; they produce ``Utterance``s and earcons,
/// and whoever runs them passes those here.
public protocol SpeechOutput: AnyObject {
    /// Queues or says an utterance according to its priority.
    func say(_ utterance: Utterance)
    /// Plays an earcon on its own (no text).
    func play(_ earcon: Earcon)
    /// Stops all speech at once (the stop-speech key).
    func stopSpeaking()
    /// Says the last focus or alert utterance again.
    func repeatLast()
    /// Stops `utterance` if it is being said and drops it if it is waiting (the start digest, once the
    /// user presses a key); anything else goes on.
    func withdraw(_ utterance: Utterance)
}

/// A speech output that only records, for tests: every call in order.
public final class RecordingSpeechOutput: SpeechOutput {
    /// One recorded call.
    public enum Event: Hashable, Sendable {
        case say(Utterance)
        case play(Earcon)
        case stop
        case repeatLast
        case withdraw(Utterance)
    }

    public private(set) var events: [Event] = []

    public init() {}

    public func say(_ utterance: Utterance) { events.append(.say(utterance)) }
    public func play(_ earcon: Earcon) { events.append(.play(earcon)) }
    public func stopSpeaking() { events.append(.stop) }
    public func repeatLast() { events.append(.repeatLast) }
    public func withdraw(_ utterance: Utterance) { events.append(.withdraw(utterance)) }

    /// The texts said, in order.
    public var texts: [String] {
        events.compactMap { if case .say(let u) = $0 { return u.text } else { return nil } }
    }

    /// Forgets everything recorded so far.
    public func clear() { events.removeAll() }
}
