import Foundation

/// Drops the audio (`--audio none`): speech is still made, nothing is heard.
///
/// Paced, it behaves like a sound device — it accepts audio up to ``bufferAhead`` ahead of real
/// time and then makes `write` wait, and `flush` empties it at once — so the queue's timing (and
/// the transcript's cuts) are what they would be with a speaker. Unpaced, it takes everything at once.
public final class NullAudioSink: AudioSink, @unchecked Sendable {
    /// How far ahead of real time a paced sink accepts audio (a device's buffer).
    public let bufferAhead: Duration
    private let paced: Bool
    private let condition = NSCondition()
    private var format = AudioFormat.speech
    /// When the audio accepted so far will have been "heard" (real monotonic time).
    private var playhead = ContinuousClock.now
    private var flushes = 0
    private var closed = false

    /// Creates a null sink.
    ///
    /// - Parameters:
    ///   - paced: behave like a device in real time (true) or take everything at once (false).
    ///   - bufferAhead: how much audio a paced sink holds before `write` waits.
    public init(paced: Bool, bufferAhead: Duration = .milliseconds(40)) {
        self.paced = paced
        self.bufferAhead = bufferAhead
    }

    public func open(_ format: AudioFormat) throws(SpeechError) {
        condition.withLock {
            self.format = format
            playhead = ContinuousClock.now
            closed = false
        }
    }

    public func write(_ chunk: AudioChunk) {
        guard paced else { return }
        condition.lock()
        defer { condition.unlock() }
        let now = ContinuousClock.now
        if playhead < now { playhead = now }
        let flushSeen = flushes
        playhead += format.duration(ofFrames: chunk.samples.count / max(format.channels, 1))
        while !closed, flushes == flushSeen {
            let wait = playhead - bufferAhead - ContinuousClock.now
            if wait <= .zero { break }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(wait.components.attoseconds) / 1e18 + Double(wait.components.seconds)))
        }
    }

    public func flush() {
        condition.withLock {
            flushes += 1
            playhead = ContinuousClock.now
            condition.broadcast()
        }
    }

    public func drain() {}

    public func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }
}
