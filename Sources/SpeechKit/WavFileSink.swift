import Foundation

/// Writes the output stream to a WAV file (`--audio wav:PATH`); the header is completed on drain and close.
///
/// Unpaced, writing never waits: audio is stored as fast as it is made, so a file holds exactly what reached
/// the sink. Paced (the screen app), it takes audio as a sound device plays it (``RealTimePacer``): the queue's
/// timing is a speaker's, and a cut leaves in the file only what was heard before it.
public final class WavFileSink: AudioSink, @unchecked Sendable {
    private let url: URL
    private let pacer: RealTimePacer?
    private let lock = NSLock()
    private var handle: FileHandle?
    private var format = AudioFormat.speech
    private var dataBytes = 0

    /// A sink writing to `url` (replaced if it exists); `paced`: at a sound device's pace.
    public init(url: URL, paced: Bool = false) {
        self.url = url
        pacer = paced ? RealTimePacer(bufferAhead: .milliseconds(40)) : nil
    }

    public func open(_ format: AudioFormat) throws(SpeechError) {
        guard FileManager.default.createFile(atPath: url.path, contents: WavFile.header(format: format, dataBytes: 0)) else {
            throw .fileNotWritable(path: url.path, detail: "cannot create it")
        }
        do {
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            lock.withLock {
                self.handle = handle
                self.format = format
                dataBytes = 0
            }
            pacer?.open()
        } catch {
            throw .fileNotWritable(path: url.path, detail: error.localizedDescription)
        }
    }

    public func write(_ chunk: AudioChunk) {
        var data = Data(capacity: chunk.samples.count * 2)
        for sample in chunk.samples { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        let format: AudioFormat = lock.withLock {
            if let handle {
                try? handle.write(contentsOf: data)
                dataBytes += data.count
            }
            return self.format
        }
        pacer?.wait(for: format.duration(ofFrames: chunk.samples.count / max(format.channels, 1)))
    }

    public func flush() { pacer?.flush() }

    public func drain() { lock.withLock { patchHeaderLocked() } }

    public func close() {
        pacer?.close()
        lock.withLock {
            patchHeaderLocked()
            try? handle?.close()
            handle = nil
        }
    }

    private func patchHeaderLocked() {
        guard let handle else { return }
        try? handle.seek(toOffset: 0)
        try? handle.write(contentsOf: WavFile.header(format: format, dataBytes: dataBytes))
        _ = try? handle.seekToEnd()
        try? handle.synchronize()
    }
}
