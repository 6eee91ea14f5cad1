import Foundation

/// Makes a sink take audio at the pace a sound device plays it: audio is accepted up to ``bufferAhead``
/// ahead of real time, then ``wait(for:)`` blocks; ``flush()`` empties the "device" at once. A sink
/// paced this way gives the speech queue the timing a speaker would (an utterance ends when it has been
/// heard, a cut drops what was not), so the transcript's cuts and scanning's waits are real.
final class RealTimePacer: @unchecked Sendable {
    let bufferAhead: Duration
    private let condition = NSCondition()
    /// When the audio accepted so far will have been "heard" (real monotonic time).
    private var playhead = ContinuousClock.now
    private var flushes = 0
    private var closed = false

    init(bufferAhead: Duration) { self.bufferAhead = bufferAhead }

    /// Starts again from now (the sink opened).
    func open() {
        condition.withLock {
            playhead = ContinuousClock.now
            closed = false
        }
    }

    /// `duration` more audio was accepted: waits while more than ``bufferAhead`` is ahead of real time,
    /// unless a flush or close comes meanwhile.
    func wait(for duration: Duration) {
        condition.lock()
        defer { condition.unlock() }
        let now = ContinuousClock.now
        if playhead < now { playhead = now }
        let flushSeen = flushes
        playhead += duration
        while !closed, flushes == flushSeen {
            let wait = playhead - bufferAhead - ContinuousClock.now
            if wait <= .zero { break }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(wait.components.attoseconds) / 1e18 + Double(wait.components.seconds)))
        }
    }

    /// What waits is dropped: the device is empty now.
    func flush() {
        condition.withLock {
            flushes += 1
            playhead = ContinuousClock.now
            condition.broadcast()
        }
    }

    /// No more waiting.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }
}
