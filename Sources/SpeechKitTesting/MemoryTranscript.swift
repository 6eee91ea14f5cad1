import Foundation
import SpeechKit

/// Keeps the transcript in memory (tests, and the app's "what was said" history).
public final class MemoryTranscript: TranscriptSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [TranscriptEntry] = []

    /// Creates an empty transcript.
    public init() {}

    public func record(_ entry: TranscriptEntry) { lock.withLock { stored.append(entry) } }

    /// Every entry so far, in order.
    public var entries: [TranscriptEntry] { lock.withLock { stored } }

    /// A compact form for literal test expectations: `speech focus en-GB: Text`, `earcon focus`,
    /// `interrupt: Text`.
    public var lines: [String] { entries.map(Self.line) }

    /// As ``lines``, with each speech line's text as its segments, each after its language in
    /// brackets: `speech focus es: [en]Ana: [es]Hola. [en]15 hours ago.` (one segment: `[es]Hola.`).
    public var segmentLines: [String] {
        entries.map { entry in
            guard entry.kind == .speech else { return Self.line(entry) }
            let segments = entry.segments ?? [TranscriptEntry.Segment(lang: entry.lang ?? "-", text: entry.text ?? "")]
            let text = segments.map { "[\($0.lang)]\($0.text)" }.joined()
            return "speech \(entry.priority?.rawValue ?? "-") \(entry.lang ?? "-"): \(text)"
        }
    }

    private static func line(_ entry: TranscriptEntry) -> String {
        switch entry.kind {
        case .speech: "speech \(entry.priority?.rawValue ?? "-") \(entry.lang ?? "-"): \(entry.text ?? "")"
        case .earcon: "earcon \(entry.sound ?? "")"
        case .interrupt: "interrupt: \(entry.text ?? "")"
        }
    }
}
