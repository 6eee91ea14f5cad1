import Foundation
import SpeechKit

/// Keeps every chunk written, for tests and benchmarks; optionally holds each write until
/// released, like a device that is still playing.
///
/// With ``holdsWrites`` on, each `write` waits until ``release()`` or a `flush`, so a test can
/// interrupt speech while it is "playing" without sleeping.
public final class MemoryAudioSink: AudioSink, @unchecked Sendable {
    /// One write as it reached the sink.
    public struct Write: Sendable {
        public var chunk: AudioChunk
        /// When the write began and ended, on the sink's clock.
        public var began: Duration
        public var ended: Duration
    }

    private let condition = NSCondition()
    private let clock: ContinuousClock.Instant
    private var stored: [Write] = []
    private var holding: Bool
    private var flushCount = 0
    private var begunCount = 0
    private var openedFormat: AudioFormat?
    private var onWrite: (@Sendable (Write) -> Void)?

    /// Creates a sink.
    ///
    /// - Parameter holdsWrites: make each write wait until ``release()`` or a flush.
    public init(holdsWrites: Bool = false) {
        holding = holdsWrites
        clock = ContinuousClock.now
    }

    /// Whether writes wait to be released.
    public var holdsWrites: Bool { condition.withLock { holding } }

    public func open(_ format: AudioFormat) throws(SpeechError) { condition.withLock { openedFormat = format } }

    public func write(_ chunk: AudioChunk) {
        condition.lock()
        let began = ContinuousClock.now - clock
        let flushSeen = flushCount
        begunCount += 1
        condition.broadcast()
        while holding && flushCount == flushSeen { condition.wait() }
        let entry = Write(chunk: chunk, began: began, ended: ContinuousClock.now - clock)
        stored.append(entry)
        let observer = onWrite
        condition.broadcast()
        condition.unlock()
        observer?(entry)
    }

    public func flush() {
        condition.withLock {
            flushCount += 1
            condition.broadcast()
        }
    }

    public func drain() {}
    public func close() {}

    /// Lets every held write (and all later ones) through.
    public func release() {
        condition.withLock {
            holding = false
            condition.broadcast()
        }
    }

    /// Calls `body` after every write (on the output thread).
    public func observe(_ body: @escaping @Sendable (Write) -> Void) { condition.withLock { onWrite = body } }

    /// The writes so far.
    public var writes: [Write] { condition.withLock { stored } }
    /// Every sample written, in order.
    public var samples: [Int16] { writes.flatMap(\.chunk.samples) }
    /// How many flushes happened.
    public var flushes: Int { condition.withLock { flushCount } }
    /// The format the sink was opened with.
    public var format: AudioFormat? { condition.withLock { openedFormat } }

    /// Blocks until at least `count` writes have begun (a held write counts).
    public func waitForWritesBegun(_ count: Int) {
        condition.withLock { while begunCount < count { condition.wait() } }
    }
}
