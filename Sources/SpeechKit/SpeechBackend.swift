/// One utterance handed to a speech backend.
public struct SpeechRequest: Sendable, Hashable {
    /// Identifies the utterance in the events the backend reports.
    public var id: UInt64
    /// The text, already stripped of control characters.
    public var text: String
    /// The language of the voice to use (BCP 47).
    public var language: String
    /// The queue priority (backends that schedule themselves map it to theirs).
    public var priority: SpeechPriority
    /// Say letter by letter.
    public var spelled: Bool
    /// The text's parts, each with its voice's language (never nil); joined they are `text`.
    /// One segment in `language` unless the utterance mixes languages.
    public var segments: [Utterance.Segment]

    /// Creates a request of one segment.
    public init(id: UInt64, text: String, language: String, priority: SpeechPriority, spelled: Bool = false) {
        self.id = id
        self.text = text
        self.language = language
        self.priority = priority
        self.spelled = spelled
        self.segments = [Utterance.Segment(text, language: language)]
    }

    /// Creates a request of several segments (each with a language); `text` is their join.
    public init(id: UInt64, segments: [Utterance.Segment], language: String, priority: SpeechPriority) {
        self.init(id: id, text: segments.map(\.text).joined(), language: language, priority: priority)
        self.segments = segments.isEmpty ? self.segments : segments
    }
}

/// What a backend reports about an utterance.
public enum SpeechBackendEvent: Sendable, Hashable {
    /// A word began to be heard; `offset` and `length` count characters in the request's text.
    case word(id: UInt64, offset: Int, length: Int)
    /// The utterance was said to the end (its audio has been handed to the output).
    case finished(id: UInt64)
    /// The backend could not say it.
    case failed(id: UInt64, SpeechError)
}

/// A synthesiser: speaks one request at a time and reports back.
///
/// Implementations: eSpeak-NG (`EspeakSpeech`), speech-dispatcher (`SpeechdSpeech`),
/// ``SilentSpeechBackend`` (speech off) and ``RecordingSpeechBackend`` (tests).
/// Calls come from any thread and must return at once; a backend must never call its
/// event handler from inside one of these calls (report from its own thread, or later).
public protocol SpeechBackend: AnyObject, Sendable {
    /// Whether the backend queues and prioritises by itself (speech-dispatcher): then the
    /// speech queue hands every utterance over at once with its priority.
    var schedulesItself: Bool { get }
    /// Sets where events go; called once by the speech queue before anything is spoken.
    func setEventHandler(_ handler: @escaping @Sendable (SpeechBackendEvent) -> Void)
    /// Applies voice settings to every later utterance.
    func apply(_ settings: VoiceSettings)
    /// Starts saying `request`; whatever was being said must have been cancelled first.
    func speak(_ request: SpeechRequest)
    /// Cuts the current utterance at once: its audio stops reaching the output.
    func cancel()
    /// Releases the synthesiser; nothing is said afterwards.
    func shutdown()
}

extension SpeechBackend {
    public var schedulesItself: Bool { false }
}

/// The backend for `--speech none`: says nothing (earcons still play through the queue).
///
/// It takes every utterance at once (``schedulesItself``), so nothing waits behind silence.
public final class SilentSpeechBackend: SpeechBackend {
    /// Creates the backend.
    public init() {}

    public var schedulesItself: Bool { true }
    public func setEventHandler(_ handler: @escaping @Sendable (SpeechBackendEvent) -> Void) {}
    public func apply(_ settings: VoiceSettings) {}
    public func speak(_ request: SpeechRequest) {}
    public func cancel() {}
    public func shutdown() {}
}
