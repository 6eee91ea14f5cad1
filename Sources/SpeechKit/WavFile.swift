import Foundation

/// A mono 16-bit PCM WAV file: reading earcons, writing the WAV sink.
public struct WavFile: Sendable, Hashable {
    /// The samples' format.
    public var format: AudioFormat
    /// The samples, interleaved when there is more than one channel.
    public var samples: [Int16]

    /// Creates a WAV file in memory.
    public init(format: AudioFormat, samples: [Int16]) {
        self.format = format
        self.samples = samples
    }

    /// How long the sound lasts.
    public var duration: Duration { format.duration(ofFrames: samples.count / max(format.channels, 1)) }

    /// Reads a 16-bit PCM WAV file.
    ///
    /// - Throws: ``SpeechError/soundUnreadable(path:detail:)`` for any other content.
    public static func read(_ url: URL) throws(SpeechError) -> WavFile {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .soundUnreadable(path: url.path, detail: error.localizedDescription)
        }
        do { return try parse(data) } catch let detail {
            throw .soundUnreadable(path: url.path, detail: detail.message)
        }
    }

    struct ParseFailure: Error { var message: String }

    static func parse(_ data: Data) throws(ParseFailure) -> WavFile {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else {
            throw ParseFailure(message: "not a RIFF WAVE file")
        }
        var offset = 12
        var format: AudioFormat?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            guard body + size <= bytes.count || id == "data" else { throw ParseFailure(message: "truncated chunk \(id)") }
            if id == "fmt " {
                guard size >= 16, u16(body) == 1, u16(body + 14) == 16 else {
                    throw ParseFailure(message: "not 16-bit PCM")
                }
                format = AudioFormat(sampleRate: u32(body + 4), channels: u16(body + 2))
            } else if id == "data" {
                guard let format else { throw ParseFailure(message: "data before fmt") }
                let end = min(body + size, bytes.count)
                var samples = [Int16](repeating: 0, count: (end - body) / 2)
                for index in samples.indices {
                    let at = body + index * 2
                    samples[index] = Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8)
                }
                return WavFile(format: format, samples: samples)
            }
            offset = body + size + (size & 1)
        }
        throw ParseFailure(message: "no data chunk")
    }

    /// The 44-byte header for `dataBytes` bytes of samples in `format`.
    public static func header(format: AudioFormat, dataBytes: Int) -> Data {
        var data = Data()
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        append32(36 + dataBytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append32(16)
        append16(1)
        append16(format.channels)
        append32(format.sampleRate)
        append32(format.sampleRate * format.channels * 2)
        append16(format.channels * 2)
        append16(16)
        data.append(contentsOf: Array("data".utf8))
        append32(dataBytes)
        return data
    }

    /// The sound resampled (linearly) to `rate`, mono.
    public func resampled(to rate: Int) -> [Int16] {
        let mono: [Int16]
        if format.channels > 1 {
            mono = stride(from: 0, to: samples.count - format.channels + 1, by: format.channels).map { samples[$0] }
        } else {
            mono = samples
        }
        guard rate != format.sampleRate, !mono.isEmpty else { return mono }
        let count = Int((Double(mono.count) * Double(rate) / Double(format.sampleRate)).rounded())
        let step = Double(format.sampleRate) / Double(rate)
        return (0..<count).map { index in
            let position = Double(index) * step
            let low = min(Int(position), mono.count - 1)
            let high = min(low + 1, mono.count - 1)
            let fraction = position - Double(low)
            return Int16((Double(mono[low]) * (1 - fraction) + Double(mono[high]) * fraction).rounded())
        }
    }
}
