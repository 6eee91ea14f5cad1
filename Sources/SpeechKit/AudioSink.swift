/// The PCM format of Parla's one output stream: signed 16-bit little-endian samples.
public struct AudioFormat: Sendable, Hashable {
    /// Frames per second.
    public var sampleRate: Int
    /// Interleaved channels (Parla uses mono).
    public var channels: Int

    /// Creates a format.
    public init(sampleRate: Int, channels: Int = 1) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// eSpeak-NG's native format: 22050 Hz mono.
    public static let speech = AudioFormat(sampleRate: 22050)

    /// The number of frames lasting `duration`.
    public func frames(in duration: Duration) -> Int {
        let c = duration.components
        let seconds = Double(c.seconds) + Double(c.attoseconds) / 1e18
        return Int((seconds * Double(sampleRate)).rounded())
    }

    /// How long `frames` frames last.
    public func duration(ofFrames frames: Int) -> Duration {
        .nanoseconds(Int64(frames) * 1_000_000_000 / Int64(max(sampleRate, 1)))
    }
}

/// A block of mixed audio on its way to a sink.
public struct AudioChunk: Sendable, Hashable {
    /// The samples (mono, 16-bit).
    public var samples: [Int16]
    /// The id of the utterance whose speech is in the chunk, if any (earcons alone: nil).
    public var speechID: UInt64?

    /// Creates a chunk.
    public init(samples: [Int16], speechID: UInt64? = nil) {
        self.samples = samples
        self.speechID = speechID
    }
}

/// Where the mixed audio goes: the sound device, a WAV file, or nowhere.
///
/// `write` is called from the audio engine's one output thread and may block for about the
/// length of the audio (a device); `flush` may be called from any other thread and must make a
/// blocked `write` return promptly, dropping whatever is buffered.
public protocol AudioSink: AnyObject, Sendable {
    /// Opens the sink for `format`.
    ///
    /// - Throws: ``SpeechError`` when the device or file cannot be opened.
    func open(_ format: AudioFormat) throws(SpeechError)
    /// Plays or stores `chunk`.
    func write(_ chunk: AudioChunk)
    /// Drops what is buffered and not yet heard (an interruption).
    func flush()
    /// Waits until everything written has been heard or stored.
    func drain()
    /// Closes the sink; later writes are ignored.
    func close()
}
