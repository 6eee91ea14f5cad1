import Foundation

/// Parla's one output stream: speech and earcons mixed in process and written to a sink in
/// chunks of 10–20 ms by a dedicated output thread.
///
/// A speech backend feeds it through ``beginSpeech(_:)``, ``appendSpeech(_:id:)`` and
/// ``endSpeech(_:whenPlayed:)``; an interruption (``interruptSpeech()``) drops the speech not yet
/// written and flushes the sink, and audio of the cut utterance can never enter again.
public final class AudioEngine: EarconPlayer, @unchecked Sendable {
    /// The stream's format.
    public let format: AudioFormat
    /// Frames per chunk handed to the sink.
    public let chunkFrames: Int
    private let sink: any AudioSink
    private var earcons: EarconBank
    private let condition = NSCondition()
    private var mixer = AudioMixer()
    private var running = false
    private var writing = false
    private var thread: Thread?
    private var earconGain = 100

    /// How loud earcons play, 0–100 % of their files (speech's volume is the voice's, apart).
    public var earconVolume: Int {
        get { condition.withLock { earconGain } }
        set { condition.withLock { earconGain = min(max(newValue, 0), 100) } }
    }

    /// Creates an engine; call ``start()`` before use.
    ///
    /// - Parameters:
    ///   - sink: where the mixed audio goes.
    ///   - format: the stream's format (the synthesiser's).
    ///   - earcons: the earcons' samples at `format`'s rate.
    ///   - chunk: how much audio each write carries (10–20 ms).
    public init(sink: any AudioSink, format: AudioFormat, earcons: EarconBank, chunk: Duration = .milliseconds(20)) {
        self.sink = sink
        self.format = format
        self.earcons = earcons
        self.chunkFrames = max(1, format.frames(in: chunk))
    }

    /// Opens the sink and starts the output thread.
    ///
    /// - Throws: the sink's ``SpeechError`` when it cannot be opened.
    public func start() throws(SpeechError) {
        try sink.open(format)
        condition.withLock { running = true }
        let thread = Thread { [self] in runOutput() }
        thread.name = "parla-audio"
        thread.qualityOfService = .userInteractive
        self.thread = thread
        thread.start()
    }

    /// Stops the output thread (dropping what is still buffered) and closes the sink.
    public func stop() {
        let wasRunning = condition.withLock {
            let was = running
            running = false
            mixer.dropSpeech()
            mixer.dropEarcons()
            condition.broadcast()
            return was
        }
        guard wasRunning else { return }
        sink.flush()
        condition.withLock { while writing { condition.wait() } }
        sink.close()
    }

    // MARK: Speech

    /// Accepts the speech of utterance `id` from now on (ids are never 0).
    public func beginSpeech(_ id: UInt64) {
        condition.withLock { mixer.begin(id) }
    }

    /// Adds speech samples of utterance `id`.
    ///
    /// - Returns: false when `id` was interrupted (the samples are dropped; stop synthesising).
    @discardableResult
    public func appendSpeech(_ samples: UnsafeBufferPointer<Int16>, id: UInt64) -> Bool {
        condition.withLock {
            let accepted = mixer.append(samples, id: id)
            if accepted { condition.broadcast() }
            return accepted
        }
    }

    /// Calls `whenPlayed` once the last speech of `id` has been written to the sink.
    ///
    /// Not called if `id` is interrupted first. Called on the output thread (or at once, on the
    /// caller's thread, when all of its speech has already been written).
    public func endSpeech(_ id: UInt64, whenPlayed: @escaping @Sendable () -> Void) {
        let now: Bool = condition.withLock {
            guard mixer.acceptedID == id else { return false }
            if mixer.speechAvailable == 0 && !writing { return true }
            _ = mixer.end(id, completion: whenPlayed)
            return false
        }
        if now { whenPlayed() }
    }

    /// Calls `body` once the first `offset` samples of utterance `id` have been written to the sink
    /// (a word being heard). Not called if `id` is interrupted first.
    public func atSpeechOffset(_ offset: Int, of id: UInt64, run body: @escaping @Sendable () -> Void) {
        condition.withLock { _ = mixer.mark(id, offset: offset, completion: body) }
    }

    /// Drops the speech not yet written and flushes the sink (an interruption).
    public func interruptSpeech() {
        condition.withLock { mixer.dropSpeech() }
        sink.flush()
    }

    /// Blocks until every accepted sound has been written and the sink has drained (`parla say`).
    public func waitUntilPlayed() {
        condition.withLock {
            while running && (mixer.hasAudio || writing) { condition.wait() }
        }
        sink.drain()
    }

    // MARK: EarconPlayer

    public func play(_ earcon: Earcon) {
        condition.withLock {
            let samples = earcons.samples(earcon)
            let gain = earconGain
            mixer.add(earcon: gain == 100 ? samples : samples.map { Int16(Int($0) * gain / 100) })
            condition.broadcast()
        }
    }

    public func play(sequence earcons: [Earcon]) {
        condition.withLock {
            // One voice of the sounds end to end: the second starts on the sample after the first ends.
            let samples = earcons.flatMap { self.earcons.samples($0) }
            let gain = earconGain
            mixer.add(earcon: gain == 100 ? samples : samples.map { Int16(Int($0) * gain / 100) })
            condition.broadcast()
        }
    }

    /// Plays earcons from `bank` from now on (another sound pack); those sounding go on.
    public func use(_ bank: EarconBank) {
        condition.withLock { earcons = bank }
    }

    public func stopEarcons() {
        condition.withLock { mixer.dropEarcons() }
    }

    // MARK: Output thread

    private func runOutput() {
        while true {
            condition.lock()
            while running && !mixer.hasAudio { condition.wait() }
            guard running, let chunk = mixer.pull(maxFrames: chunkFrames) else {
                condition.unlock()
                return
            }
            writing = true
            condition.unlock()
            sink.write(chunk)
            let completions: [@Sendable () -> Void] = condition.withLock {
                writing = false
                condition.broadcast()
                return mixer.takeReachedMarkers()
            }
            completions.forEach { $0() }
        }
    }
}
