/// How urgent an utterance is, modelled on speech-dispatcher's priorities.
public enum SpeechPriority: String, Sendable, Codable, Hashable, CaseIterable {
    /// What has focus now: a new one cuts the current focus speech at once; only the latest is said.
    case focus
    /// Background news (new posts): queued behind, coalesced, stale ones dropped.
    case notification
    /// Errors and failures: queued; not cut by a focus within the same control (a typed letter's echo),
    /// but cut, and dropped while waiting, when the focus moves on (``SpeechOutput/focusMoved()``).
    case alert
    /// The result of the user's own action (favourited, sent, vote counted, or why it failed): it answers
    /// their key, so it cuts a focus or notification being said at once and goes before everything
    /// waiting; like an alert it is never dropped and never cut by a focus (an alert being said ends first).
    case answer
    /// What the user must know at once about what they are looking at (the server cannot be reached: the
    /// posts shown are saved ones): cuts a focus or notification being said, and the focus it cut is said
    /// again after it, since it was not heard whole; goes after answers and before other alerts; like an
    /// alert, it is cut, or dropped while waiting, when the focus moves on.
    case urgent
    /// Stops everything, then says its text (if any): the stop-speech key.
    case interruptAll = "interrupt-all"
}

/// A short sound played for an event; each sound pack names its file (``SoundPack``).
public enum Earcon: String, Sendable, Codable, Hashable, CaseIterable {
    /// `focus` entering a control, `leave` leaving one, `activate` acting on it.
    case focus, leave, activate, edge, error, newPost = "new-post", mention, directMessage = "direct-message"
    case sent, keypadCentre = "keypad-centre", loading, cancel, toggleOn = "toggle-on", toggleOff = "toggle-off"
    case cueBoost = "cue-boost", cueReply = "cue-reply", cueContentWarning = "cue-content-warning"
    case cuePoll = "cue-poll", cueMediaAlt = "cue-media-alt", cueMediaNoAlt = "cue-media-no-alt"
}

/// Something to say: text in one or more languages, at a priority, optionally after an earcon.
///
/// The text is a sequence of ``Segment``s, each read with the voice of its own language (a Spanish
/// post's body in Spanish, "15 hours ago" around it in the interface's language). Most utterances
/// have one segment: ``init(_:language:priority:earcon:coalesceKey:spelled:)`` makes it.
public struct Utterance: Sendable, Hashable {
    /// A part of the text read in one language.
    public struct Segment: Sendable, Hashable {
        /// The words; segments are joined as they are (a segment carries its own spaces).
        public var text: String
        /// BCP 47 language of the words; nil: the interface's voice.
        public var language: String?

        /// Creates a segment.
        public init(_ text: String, language: String? = nil) {
            self.text = text
            self.language = language
        }
    }

    /// The parts of the text, in order, each in its language.
    public var segments: [Segment]
    /// The whole text: the segments joined. Setting it makes one segment in ``language``.
    public var text: String {
        get { segments.count == 1 ? segments[0].text : segments.map(\.text).joined() }
        set { segments = [Segment(newValue, language: language)] }
    }
    /// BCP 47 language the utterance is said to be in (the transcript's `lang`, and the one segment's
    /// language); nil: the interface language.
    public var language: String?
    public var priority: SpeechPriority
    /// Played just before the text.
    public var earcon: Earcon?
    /// Played before ``earcon``, which starts when it ends (the leave earcon of the control just left
    /// before the focus earcon of the one entered); nil: ``earcon`` alone.
    public var leadingEarcon: Earcon?
    /// Notifications with the same key coalesce (the newer replaces the older).
    public var coalesceKey: String?
    /// Said letter by letter (key echo of a character, spelling a word).
    public var spelled: Bool
    /// Whether the next key the user presses withdraws it when it has not been said yet (a notice about
    /// the screen that the user's own moves make stale, as the "since you left" digest).
    public var withdrawnByNextKey = false

    /// Creates an utterance of one segment.
    ///
    /// - Parameters:
    ///   - text: what to say; controls and other unsafe characters are removed before it is spoken.
    ///   - language: BCP 47 language of the text; nil means the voice's language.
    ///   - priority: how it is scheduled (see ``SpeechPriority``).
    ///   - earcon: a sound played just before the text.
    ///   - leadingEarcon: a sound played before `earcon`, which starts when it ends.
    ///   - coalesceKey: notifications sharing it replace each other while waiting.
    ///   - spelled: say it letter by letter.
    public init(
        _ text: String, language: String? = nil, priority: SpeechPriority = .focus,
        earcon: Earcon? = nil, leadingEarcon: Earcon? = nil, coalesceKey: String? = nil, spelled: Bool = false
    ) {
        self.leadingEarcon = leadingEarcon
        self.segments = [Segment(text, language: language)]
        self.language = language
        self.priority = priority
        self.earcon = earcon
        self.coalesceKey = coalesceKey
        self.spelled = spelled
    }

    /// Creates an utterance of several segments, each read in its own language.
    ///
    /// - Parameters:
    ///   - segments: the parts in order; a segment without a language is read in the interface's.
    ///   - language: the language the utterance as a whole is said to be in (the transcript's `lang`).
    public init(
        segments: [Segment], language: String? = nil, priority: SpeechPriority = .focus,
        earcon: Earcon? = nil, leadingEarcon: Earcon? = nil, coalesceKey: String? = nil
    ) {
        self.leadingEarcon = leadingEarcon
        self.segments = segments.isEmpty ? [Segment("", language: language)] : segments
        self.language = language
        self.priority = priority
        self.earcon = earcon
        self.coalesceKey = coalesceKey
        self.spelled = false
    }

    /// The segments with every language resolved (`interface` for those without one), empty ones
    /// dropped and neighbours in the same language merged. A segment with no letter or digit (". ", " · ")
    /// goes with the one before it: a change of voice for a full stop costs a pause and says nothing.
    public func resolvedSegments(interface: String) -> [Segment] {
        var result: [Segment] = []
        for segment in segments where !segment.text.isEmpty {
            let language = segment.language ?? interface
            let wordless = !segment.text.contains { $0.isLetter || $0.isNumber }
            if let last = result.last, last.language == language || wordless {
                result[result.count - 1].text += segment.text
            } else {
                result.append(Segment(segment.text, language: language))
            }
        }
        return result
    }
}

extension SpeechPriority {
    /// Whether a focus waits for it to end instead of cutting it (answers always; alerts until the focus
    /// moves on: ``SpeechOutput/focusMoved()``).
    public var holdsAgainstFocus: Bool { self == .alert || self == .urgent || self == .answer }

    /// Whether the focus moving on cuts it (alerts, urgent ones too: ``SpeechOutput/focusMoved()``).
    public var endsWhenFocusMoves: Bool { self == .alert || self == .urgent }
}
