import Foundation

/// One line of the transcript: something handed to the synthesiser, an earcon, or a cut.
///
/// The JSON form is a contract (`--transcript PATH`): keys `t_ms`, `kind` (`speech`, `earcon`,
/// `interrupt`), `text` (speech and interrupt) or `sound` (earcon), `priority`, `lang` and `id`; a
/// speech line read in several languages also has `segments`, a list of `{"lang", "text"}` whose
/// texts joined are `text` (absent when the whole is in one language).
public struct TranscriptEntry: Sendable, Hashable, Codable {
    /// A part of a speech line read in one language.
    public struct Segment: Sendable, Hashable, Codable {
        public var lang: String
        public var text: String

        /// Creates a segment.
        public init(lang: String, text: String) {
            self.lang = lang
            self.text = text
        }
    }

    /// The line's kind.
    public enum Kind: String, Sendable, Hashable, Codable {
        case speech, earcon, interrupt
    }

    /// Milliseconds on the speech queue's clock.
    public var tMs: Int64
    public var kind: Kind
    /// The text said (speech) or cut (interrupt).
    public var text: String?
    /// The earcon's name (its file in `Sounds/` without `.wav`).
    public var sound: String?
    /// The utterance's priority; for an earcon played on its own, nil.
    public var priority: SpeechPriority?
    /// The voice language; nil for an earcon played on its own.
    public var lang: String?
    /// The utterance's id (speech and interrupt).
    public var id: UInt64?
    /// The parts in their languages, when a speech line mixes languages; nil otherwise.
    public var segments: [Segment]?

    enum CodingKeys: String, CodingKey {
        case tMs = "t_ms", kind, text, sound, priority, lang, id, segments
    }

    /// Creates an entry.
    public init(
        tMs: Int64, kind: Kind, text: String? = nil, sound: String? = nil, priority: SpeechPriority? = nil,
        lang: String? = nil, id: UInt64? = nil, segments: [Segment]? = nil
    ) {
        self.segments = segments
        self.tMs = tMs
        self.kind = kind
        self.text = text
        self.sound = sound
        self.priority = priority
        self.lang = lang
        self.id = id
    }

    /// Writes `priority` and `lang` always (null when unknown), `text` for speech and interrupts,
    /// `sound` for earcons, and `id` when known.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tMs, forKey: .tMs)
        try container.encode(kind, forKey: .kind)
        switch kind {
        case .speech, .interrupt: try container.encode(text, forKey: .text)
        case .earcon: try container.encode(sound, forKey: .sound)
        }
        try container.encode(priority, forKey: .priority)
        try container.encode(lang, forKey: .lang)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(segments, forKey: .segments)
    }

    /// The entry as one line of JSON (sorted keys, no newline).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Where transcript entries go.
public protocol TranscriptSink: AnyObject, Sendable {
    /// Records one entry.
    func record(_ entry: TranscriptEntry)
}

/// Appends the transcript to a file, one JSON object per line, written at once.
public final class FileTranscript: TranscriptSink, @unchecked Sendable {
    private let lock = NSLock()
    private let handle: FileHandle

    /// Opens `url` for appending, creating it if needed.
    ///
    /// - Throws: ``SpeechError/fileNotWritable(path:detail:)``.
    public init(url: URL) throws(SpeechError) {
        let manager = FileManager.default
        if !manager.fileExists(atPath: url.path) {
            // Readable by the user alone: the transcript holds what was said, direct messages too.
            guard manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw .fileNotWritable(path: url.path, detail: "cannot create it")
            }
        }
        do {
            handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
        } catch {
            throw .fileNotWritable(path: url.path, detail: error.localizedDescription)
        }
    }

    public func record(_ entry: TranscriptEntry) {
        let line = Data((entry.jsonLine + "\n").utf8)
        lock.withLock { try? handle.write(contentsOf: line) }
    }

    deinit { try? handle.close() }
}
