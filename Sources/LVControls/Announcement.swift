import SpeechKit

/// Something a control or screen wants heard: an utterance (with its earcon), or an earcon alone.
public enum Announcement: Sendable, Hashable {
    case say(Utterance)
    case play(Earcon)
    /// The focus moves to another item (a wheel's next post): comes before the item's words, and cuts an
    /// alert being said (``SpeechOutput/focusMoved()``).
    case focusMoved
    /// An utterance said earlier that is no longer true (a count of characters left once the text is over the
    /// limit): dropped if it still waits, cut if it is being said.
    case withdraw(Utterance)

    /// Says `text` at `priority`, after `earcon` when given.
    public static func text(_ text: String, priority: SpeechPriority = .focus, earcon: Earcon? = nil) -> Announcement {
        .say(Utterance(text, priority: priority, earcon: earcon))
    }

    /// Hands the announcement to a speech output.
    public func deliver(to speech: any SpeechOutput) {
        switch self {
        case .say(let utterance): speech.say(utterance)
        case .play(let earcon): speech.play(earcon)
        case .focusMoved: speech.focusMoved()
        case .withdraw(let utterance): speech.withdraw(utterance)
        }
    }
}
