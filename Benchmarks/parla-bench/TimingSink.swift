import Foundation
import SpeechKit

/// Wraps a sink and notes, for every write, when it began and ended and whose speech it carried.
final class TimingSink: AudioSink, @unchecked Sendable {
    struct Entry {
        var speechID: UInt64?
        var began: ContinuousClock.Instant
        var ended: ContinuousClock.Instant
    }

    private let inner: any AudioSink
    private let condition = NSCondition()
    private var entries: [Entry] = []
    private var firstBegan: [UInt64: ContinuousClock.Instant] = [:]
    private var writesByID: [UInt64: Int] = [:]
    private var highest: UInt64 = 0
    private var kept: [UInt64: [Int16]] = [:]
    /// Whether the speech samples written are kept (``samples(of:)``); off by default.
    var keepsSamples = false

    init(_ inner: any AudioSink) { self.inner = inner }

    func open(_ format: AudioFormat) throws(SpeechError) { try inner.open(format) }

    func write(_ chunk: AudioChunk) {
        let began = ContinuousClock.now
        if let id = chunk.speechID {
            condition.withLock {
                if keepsSamples { kept[id, default: []] += chunk.samples }
                if firstBegan[id] == nil { firstBegan[id] = began }
                highest = max(highest, id)
                writesByID[id, default: 0] += 1
                condition.broadcast()
            }
        }
        inner.write(chunk)
        let ended = ContinuousClock.now
        condition.withLock {
            entries.append(Entry(speechID: chunk.speechID, began: began, ended: ended))
            condition.broadcast()
        }
    }

    func flush() { inner.flush() }
    func drain() { inner.drain() }
    func close() { inner.close() }

    /// Waits until a write of utterance `id` has begun; returns when the first one began.
    func waitForFirstWrite(of id: UInt64) -> ContinuousClock.Instant {
        condition.withLock {
            while firstBegan[id] == nil { condition.wait() }
            return firstBegan[id]!
        }
    }

    /// The highest utterance id any write has carried so far.
    var highestID: UInt64 { condition.withLock { highest } }

    /// Waits until a write of an utterance newer than `id` has begun; returns when it began.
    func waitForFirstWrite(above id: UInt64) -> ContinuousClock.Instant {
        condition.withLock {
            while highest <= id { condition.wait() }
            return firstBegan[highest]!
        }
    }

    /// Waits until `count` writes of utterance `id` have begun.
    func waitForWrites(_ count: Int, of id: UInt64) {
        condition.withLock { while writesByID[id, default: 0] < count { condition.wait() } }
    }

    /// The samples of utterance `id` written (when ``keepsSamples``); reading forgets them.
    func takeSamples(of id: UInt64) -> [Int16] {
        condition.withLock { kept.removeValue(forKey: id) ?? [] }
    }

    /// When the first write carrying utterance `id` began and the last one ended.
    func span(of id: UInt64) -> (began: ContinuousClock.Instant, ended: ContinuousClock.Instant)? {
        condition.withLock {
            guard let first = entries.first(where: { $0.speechID == id }), let last = entries.last(where: { $0.speechID == id }) else { return nil }
            return (first.began, last.ended)
        }
    }

    /// When the last write carrying utterance `id` ended (nil if none did).
    func lastWriteEnded(of id: UInt64) -> ContinuousClock.Instant? {
        condition.withLock { entries.last { $0.speechID == id }?.ended }
    }
}
