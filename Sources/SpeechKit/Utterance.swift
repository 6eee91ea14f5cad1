/// How urgent an utterance is, modelled on speech-dispatcher's priorities.
public enum SpeechPriority: String, Sendable, Codable, Hashable, CaseIterable {
    /// What has focus now: a new one cuts the current focus speech at once; only the latest is said.
    case focus
    /// Background news (new posts): queued behind, coalesced, stale ones dropped.
    case notification
    /// Errors and failures: queued, never dropped, never cut by focus.
    case alert
    /// Stops everything, then says its text (if any): the stop-speech key.
    case interruptAll = "interrupt-all"
}

/// A short sound played for an event; each has a WAV file in `Sounds/` named `<rawValue>.wav`.
public enum Earcon: String, Sendable, Codable, Hashable, CaseIterable {
    case focus, activate, edge, error, newPost = "new-post", mention, directMessage = "direct-message"
    case sent, keypadCentre = "keypad-centre", loading, cancel, toggleOn = "toggle-on", toggleOff = "toggle-off"
    case cueBoost = "cue-boost", cueReply = "cue-reply", cueContentWarning = "cue-content-warning"
    case cuePoll = "cue-poll", cueMediaAlt = "cue-media-alt", cueMediaNoAlt = "cue-media-no-alt"
}

/// Something to say: text in a language, at a priority, optionally after an earcon.
public struct Utterance: Sendable, Hashable {
    public var text: String
    /// BCP 47 language of the text (`en`, `en-GB`, `es`, `ca`); nil: the interface language.
    public var language: String?
    public var priority: SpeechPriority
    /// Played just before the text.
    public var earcon: Earcon?
    /// Notifications with the same key coalesce (the newer replaces the older).
    public var coalesceKey: String?
    /// Said letter by letter (key echo of a character, spelling a word).
    public var spelled: Bool

    /// Creates an utterance.
    ///
    /// - Parameters:
    ///   - text: what to say; controls and other unsafe characters are removed before it is spoken.
    ///   - language: BCP 47 language of the text; nil means the voice's language.
    ///   - priority: how it is scheduled (see ``SpeechPriority``).
    ///   - earcon: a sound played just before the text.
    ///   - coalesceKey: notifications sharing it replace each other while waiting.
    ///   - spelled: say it letter by letter.
    public init(
        _ text: String, language: String? = nil, priority: SpeechPriority = .focus,
        earcon: Earcon? = nil, coalesceKey: String? = nil, spelled: Bool = false
    ) {
        self.text = text
        self.language = language
        self.priority = priority
        self.earcon = earcon
        self.coalesceKey = coalesceKey
        self.spelled = spelled
    }
}
