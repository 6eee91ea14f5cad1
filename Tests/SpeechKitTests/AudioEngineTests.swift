import Foundation
@testable import SpeechKit
import SpeechKitTesting
import Testing

@Suite("Audio engine, mixer and sinks")
struct AudioEngineTests {
    static let format = AudioFormat(sampleRate: 1000)

    static func engine(_ sink: MemoryAudioSink, earcons: [Earcon: [Int16]] = [:]) throws -> AudioEngine {
        let engine = AudioEngine(
            sink: sink, format: format, earcons: EarconBank(sounds: earcons), chunk: .milliseconds(10))
        try engine.start()
        return engine
    }

    @Test("speech reaches the sink in 10 ms chunks tagged with its utterance, then reports played")
    func speechInChunks() throws {
        let sink = MemoryAudioSink()
        let engine = try Self.engine(sink)
        defer { engine.stop() }
        let played = Gate()
        engine.beginSpeech(7)
        let samples = (1...25).map { Int16($0) }
        samples.withUnsafeBufferPointer { _ = engine.appendSpeech($0, id: 7) }
        engine.endSpeech(7) { played.open() }
        played.wait()
        #expect(sink.writes.map(\.chunk.samples.count) == [10, 10, 5])
        #expect(sink.writes.map(\.chunk.speechID) == [7, 7, 7])
        #expect(sink.samples == samples)
    }

    @Test("earcons and speech are mixed into one stream, sums clipped, overlapping earcons added")
    func mixing() {
        var mixer = AudioMixer()
        mixer.begin(3)
        mixer.add(earcon: [100, 100, 100, 32765])
        mixer.add(earcon: [1, 1])
        _ = [Int16](arrayLiteral: 1, 2, 3, 4, 5, 6).withUnsafeBufferPointer { mixer.append($0, id: 3) }
        let first = mixer.pull(maxFrames: 4)
        let second = mixer.pull(maxFrames: 4)
        #expect(first == AudioChunk(samples: [102, 103, 103, 32767], speechID: 3))
        #expect(second == AudioChunk(samples: [5, 6], speechID: 3))
        #expect(mixer.pull(maxFrames: 4) == nil)
        mixer.add(earcon: [7, 8])
        #expect(mixer.pull(maxFrames: 4) == AudioChunk(samples: [7, 8], speechID: nil))
    }

    @Test("an interruption drops the unwritten speech, flushes the sink, and refuses the cut utterance's audio")
    func interruption() throws {
        let sink = MemoryAudioSink(holdsWrites: true)
        let engine = try Self.engine(sink)
        defer { engine.stop() }
        engine.beginSpeech(1)
        let long = [Int16](repeating: 9, count: 100)
        long.withUnsafeBufferPointer { _ = engine.appendSpeech($0, id: 1) }
        let neverPlayed = Flag()
        engine.endSpeech(1) { neverPlayed.set() }
        sink.waitForWritesBegun(1)
        engine.interruptSpeech()
        let refused = long.withUnsafeBufferPointer { engine.appendSpeech($0, id: 1) }
        sink.release()
        let played = Gate()
        engine.beginSpeech(2)
        [Int16](repeating: 4, count: 15).withUnsafeBufferPointer { _ = engine.appendSpeech($0, id: 2) }
        engine.endSpeech(2) { played.open() }
        played.wait()
        #expect(refused == false)
        #expect(neverPlayed.isSet == false)
        #expect(sink.flushes == 1)
        #expect(sink.writes.map(\.chunk.speechID) == [1, 2, 2])
        #expect(sink.samples == [Int16](repeating: 9, count: 10) + [Int16](repeating: 4, count: 15))
    }

    @Test("the WAV sink writes a valid file of exactly what reached it")
    func wavSink() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parla-wav-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        let sink = WavFileSink(url: url)
        try sink.open(AudioFormat(sampleRate: 22050))
        sink.write(AudioChunk(samples: [1, -2, 3]))
        sink.write(AudioChunk(samples: [32767, -32768]))
        sink.close()
        let file = try WavFile.read(url)
        #expect(file.format == AudioFormat(sampleRate: 22050))
        #expect(file.samples == [1, -2, 3, 32767, -32768])
        #expect(try Data(contentsOf: url).count == 44 + 10)
    }

    @Test("a WAV file that is not 16-bit PCM is refused with a speakable error")
    func wavRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parla-bad-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("RIFF0000WAVEjunk".utf8).write(to: url)
        #expect(throws: SpeechError.soundUnreadable(path: url.path, detail: "no data chunk")) { try WavFile.read(url) }
    }

    @Test("resampling keeps the length proportional and the shape")
    func resampling() {
        let file = WavFile(format: AudioFormat(sampleRate: 4), samples: [0, 100, 200, 300])
        #expect(file.resampled(to: 8) == [0, 50, 100, 150, 200, 250, 300, 300])
        #expect(file.resampled(to: 4) == [0, 100, 200, 300])
    }
}

/// A one-shot gate a test waits on (no timeouts, no sleeping).
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    func open() { condition.withLock { isOpen = true; condition.broadcast() } }
    func wait() { condition.withLock { while !isOpen { condition.wait() } } }
}
