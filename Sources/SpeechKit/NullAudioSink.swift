import Foundation

/// Drops the audio (`--audio none`): speech is still made, nothing is heard.
///
/// Paced, it behaves like a sound device — it accepts audio up to ``bufferAhead`` ahead of real
/// time and then makes `write` wait, and `flush` empties it at once — so the queue's timing (and
/// the transcript's cuts) are what they would be with a speaker. Unpaced, it takes everything at once.
public final class NullAudioSink: AudioSink, @unchecked Sendable {
    /// How far ahead of real time a paced sink accepts audio (a device's buffer).
    public var bufferAhead: Duration { pacer.bufferAhead }
    private let paced: Bool
    private let pacer: RealTimePacer
    private let lock = NSLock()
    private var format = AudioFormat.speech

    /// Creates a null sink.
    ///
    /// - Parameters:
    ///   - paced: behave like a device in real time (true) or take everything at once (false).
    ///   - bufferAhead: how much audio a paced sink holds before `write` waits.
    public init(paced: Bool, bufferAhead: Duration = .milliseconds(40)) {
        self.paced = paced
        pacer = RealTimePacer(bufferAhead: bufferAhead)
    }

    public func open(_ format: AudioFormat) throws(SpeechError) {
        lock.withLock { self.format = format }
        pacer.open()
    }

    public func write(_ chunk: AudioChunk) {
        guard paced else { return }
        let format = lock.withLock { self.format }
        pacer.wait(for: format.duration(ofFrames: chunk.samples.count / max(format.channels, 1)))
    }

    public func flush() { pacer.flush() }

    public func drain() {}

    public func close() { pacer.close() }
}
