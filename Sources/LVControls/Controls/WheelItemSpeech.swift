import SpeechKit

/// How a wheel's item says itself: its own sentence and the language of the voice to read it with.
public struct WheelItemSpeech: Sendable, Hashable {
    public var text: String
    /// The language code of the voice (nil: the interface's).
    public var language: String?

    /// `text` in parts each read with the voice of its language (a post's words in its language,
    /// the interface's words in the interface's); one segment in `language` unless they differ.
    public var segments: [Utterance.Segment]
    /// A sound the item is said after when no other is asked for (a post's cue: boost, reply, poll).
    public var cue: Earcon?

    public init(_ text: String, language: String? = nil) {
        self.text = text
        self.language = language
        self.segments = [Utterance.Segment(text, language: language)]
    }

    /// Speech in several languages; `text` is the segments joined.
    public init(segments: [Utterance.Segment], language: String?) {
        self.init(segments.map(\.text).joined(), language: language)
        if !segments.isEmpty { self.segments = segments }
    }

    /// The utterance that says it.
    public func utterance(priority: SpeechPriority = .focus, earcon: Earcon? = nil) -> Utterance {
        let earcon = earcon ?? cue
        // One segment speaks in its own voice: a Spanish post whose words a filter holds back is said in the interface's.
        if segments.count == 1 { return Utterance(text, language: segments[0].language, priority: priority, earcon: earcon) }
        return Utterance(segments: segments, language: language, priority: priority, earcon: earcon)
    }
}

extension WheelItems {
    /// Plain items are said as their line.
    public func speech(at index: Int) -> WheelItemSpeech? { nil }
    /// Plain items are said whole.
    public func more(at index: Int) -> WheelItemSpeech? { nil }
    /// What Right says is held back words, unless an item says otherwise.
    public func holdsBack(at index: Int) -> Bool { more(at: index) != nil }
    /// Items are said alike wherever the marker came from.
    public func speech(at index: Int, after previous: Int) -> WheelItemSpeech? { speech(at: index) }
}
