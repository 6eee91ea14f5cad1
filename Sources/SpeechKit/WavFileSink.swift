import Foundation

/// Writes the output stream to a WAV file (`--audio wav:PATH`); the header is completed on drain and close.
///
/// Writing never waits: audio is stored as fast as it is made, so a file holds exactly what reached the sink.
public final class WavFileSink: AudioSink, @unchecked Sendable {
    private let url: URL
    private let lock = NSLock()
    private var handle: FileHandle?
    private var format = AudioFormat.speech
    private var dataBytes = 0

    /// A sink writing to `url` (replaced if it exists).
    public init(url: URL) { self.url = url }

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
        } catch {
            throw .fileNotWritable(path: url.path, detail: error.localizedDescription)
        }
    }

    public func write(_ chunk: AudioChunk) {
        var data = Data(capacity: chunk.samples.count * 2)
        for sample in chunk.samples { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        lock.withLock {
            guard let handle else { return }
            try? handle.write(contentsOf: data)
            dataBytes += data.count
        }
    }

    public func flush() {}

    public func drain() { lock.withLock { patchHeaderLocked() } }

    public func close() {
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
