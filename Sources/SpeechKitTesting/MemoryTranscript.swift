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
    public var lines: [String] {
        entries.map { entry in
            switch entry.kind {
            case .speech: "speech \(entry.priority?.rawValue ?? "-") \(entry.lang ?? "-"): \(entry.text ?? "")"
            case .earcon: "earcon \(entry.sound ?? "")"
            case .interrupt: "interrupt: \(entry.text ?? "")"
            }
        }
    }
}
