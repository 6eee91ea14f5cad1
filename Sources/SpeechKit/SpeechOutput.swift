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
    /// Says the last focus or alert utterance again, letter by letter (the spell key).
    func spellLast()
    /// Stops `utterance` if it is being said and drops it if it is waiting (the start digest, once the
    /// user presses a key); anything else goes on.
    func withdraw(_ utterance: Utterance)
    /// The focus moved to another control, item or screen: the alert being said is cut and those waiting
    /// are dropped, since the user moved on (each stays on the status line); answers, the results of the
    /// user's own actions, stay. Called just before the new focus is said.
    func focusMoved()
    /// Whether something is being said or waits to be (one-switch scanning waits until it has been said).
    var isSpeaking: Bool { get }
    /// The word being heard now, if known (the reader's "read to the end" moves its highlight with it).
    var currentWord: SpeechQueue.SpokenWord? { get }
}

extension SpeechOutput {
    public func focusMoved() {}
    public var isSpeaking: Bool { false }
    public var currentWord: SpeechQueue.SpokenWord? { nil }
}
