import Foundation
import SpeechKit

/// An earcon player that only records, for tests.
public final class RecordingEarconPlayer: EarconPlayer, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Earcon] = []
    private var stops = 0

    /// Creates an empty recorder.
    public init() {}

    public func play(_ earcon: Earcon) { lock.withLock { recorded.append(earcon) } }
    public func stopEarcons() { lock.withLock { stops += 1 } }

    /// The earcons played, in order.
    public var played: [Earcon] { lock.withLock { recorded } }
    /// How many times earcons were stopped.
    public var stopCount: Int { lock.withLock { stops } }
}
