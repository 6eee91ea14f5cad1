import Foundation
import SpeechKit

/// An earcon player that only records, for tests.
public final class RecordingEarconPlayer: EarconPlayer, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Earcon] = []
    private var stops = 0
    private var sequenced: [[Earcon]] = []

    /// Creates an empty recorder.
    public init() {}

    public func play(_ earcon: Earcon) { lock.withLock { recorded.append(earcon) } }
    /// Records each earcon of the sequence in order, and the sequence itself in ``sequences``.
    public func play(sequence earcons: [Earcon]) {
        lock.withLock {
            recorded += earcons
            sequenced.append(earcons)
        }
    }
    public func stopEarcons() { lock.withLock { stops += 1 } }

    /// The earcons played, in order.
    public var played: [Earcon] { lock.withLock { recorded } }
    /// The sequences played end to end (``play(sequence:)``), in order.
    public var sequences: [[Earcon]] { lock.withLock { sequenced } }
    /// How many times earcons were stopped.
    public var stopCount: Int { lock.withLock { stops } }
}
