/// How punctuation is spoken.
public enum PunctuationLevel: String, Sendable, Codable, Hashable, CaseIterable {
    /// No punctuation is named.
    case none
    /// A few marks that change meaning: `@ # $ % & * + / = _ ~`.
    case some
    /// Most marks: ``VoiceSettings/mostPunctuation``.
    case most
    /// Every punctuation mark is named.
    case all
}

/// How capital letters are marked.
public enum CapitalsMode: String, Sendable, Codable, Hashable, CaseIterable {
    /// Not marked.
    case none
    /// Said at a higher pitch.
    case pitch
    /// A short sound before the word.
    case sound
    /// The word is spelled.
    case spell
}

/// What is said while the user types.
public enum KeyEcho: String, Sendable, Codable, Hashable, CaseIterable {
    /// Nothing.
    case none
    /// Each character typed.
    case characters
    /// Each word, when it is finished by a space or punctuation.
    case words
}

/// The voice: rate, pitch, volume, language and how punctuation and capitals are said.
///
/// Every value is kept in range by its setter, so a settings screen can step them freely.
/// The speech backend applies a new value before the next utterance (live).
public struct VoiceSettings: Sendable, Codable, Hashable {
    /// Slowest and fastest rate in words per minute (eSpeak-NG's limits).
    public static let rateRange: ClosedRange<Int> = 80...450
    /// Pitch range: 0 lowest, 50 normal, 100 highest.
    public static let pitchRange: ClosedRange<Int> = 0...100
    /// Volume range in percent: 100 normal, 200 loudest.
    public static let volumeRange: ClosedRange<Int> = 0...200
    /// The marks named at ``PunctuationLevel/some``.
    public static let somePunctuation = "@#$%&*+/=_~"
    /// The marks named at ``PunctuationLevel/most``: all but the ones in ordinary sentences (`. , ' -`).
    public static let mostPunctuation = "!\"#$%&()*+/:;<=>?@[\\]^_`{|}~"

    /// Words per minute, 80–450.
    public var rate: Int { didSet { rate = VoiceSettings.clamp(rate, VoiceSettings.rateRange) } }
    /// Pitch, 0–100 (50 normal).
    public var pitch: Int { didSet { pitch = VoiceSettings.clamp(pitch, VoiceSettings.pitchRange) } }
    /// Volume in percent, 0–200 (100 normal).
    public var volume: Int { didSet { volume = VoiceSettings.clamp(volume, VoiceSettings.volumeRange) } }
    /// The voice's language as a BCP 47 tag: `en-GB`, `en-US`, `es`, `ca`, or any eSpeak-NG language.
    public var language: String
    /// How much punctuation is named.
    public var punctuation: PunctuationLevel
    /// How capitals are marked.
    public var capitals: CapitalsMode

    /// Creates settings; out-of-range values are clamped.
    public init(
        rate: Int = 175, pitch: Int = 50, volume: Int = 100, language: String = "en-GB",
        punctuation: PunctuationLevel = .some, capitals: CapitalsMode = .none
    ) {
        self.rate = VoiceSettings.clamp(rate, VoiceSettings.rateRange)
        self.pitch = VoiceSettings.clamp(pitch, VoiceSettings.pitchRange)
        self.volume = VoiceSettings.clamp(volume, VoiceSettings.volumeRange)
        self.language = language
        self.punctuation = punctuation
        self.capitals = capitals
    }

    /// The marks named at the current punctuation level (empty for none; nil for all).
    public var namedPunctuation: String? {
        switch punctuation {
        case .none: ""
        case .some: VoiceSettings.somePunctuation
        case .most: VoiceSettings.mostPunctuation
        case .all: nil
        }
    }

    static func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }
}

/// Everything about what is heard: the voice, sounds, key echo and the earcons-only mode.
public struct SpeechSettings: Sendable, Codable, Hashable {
    /// The synthesiser's voice.
    public var voice: VoiceSettings
    /// What is said while typing.
    public var keyEcho: KeyEcho
    /// Whether earcons are played.
    public var sounds: Bool
    /// Earcons only, no speech: for users of their own screen reader.
    public var earconsOnly: Bool

    /// Creates settings.
    public init(voice: VoiceSettings = VoiceSettings(), keyEcho: KeyEcho = .characters, sounds: Bool = true, earconsOnly: Bool = false) {
        self.voice = voice
        self.keyEcho = keyEcho
        self.sounds = sounds
        self.earconsOnly = earconsOnly
    }
}
