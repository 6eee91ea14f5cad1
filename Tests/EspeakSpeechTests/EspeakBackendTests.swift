import EspeakSpeech
import Foundation
import ParlaBase
import SpeechKit
import SpeechKitTesting
import Testing

/// The real eSpeak-NG, in process. Serialized: eSpeak-NG's state is global, one backend at a time.
@Suite("eSpeak-NG backend", .serialized)
struct EspeakBackendTests {
    /// A running pipeline: engine over `sink`, eSpeak-NG, queue with a memory transcript.
    final class Pipeline {
        let sink: MemoryAudioSink
        let engine: AudioEngine
        let backend: EspeakBackend
        let queue: SpeechQueue
        let transcript = MemoryTranscript()

        init(sink: MemoryAudioSink = MemoryAudioSink(), settings: SpeechSettings = SpeechSettings()) throws {
            self.sink = sink
            engine = AudioEngine(sink: sink, format: .speech, earcons: EarconBank(sounds: [.focus: [Int16](repeating: 1000, count: 441)]))
            try engine.start()
            backend = try EspeakBackend(audio: engine)
            queue = SpeechQueue(backend: backend, earcons: engine, clock: SystemClock(), transcript: transcript, settings: settings)
        }

        func waitUntilIdle() {
            let done = DispatchSemaphore(value: 0)
            queue.whenIdle { done.signal() }
            done.wait()
            engine.waitUntilPlayed()
        }

        func stop() {
            backend.shutdown()
            engine.stop()
        }

        /// Samples of speech of utterance `id` that reached the sink.
        func speechSamples(of id: UInt64) -> Int {
            sink.writes.filter { $0.chunk.speechID == id }.reduce(0) { $0 + $1.chunk.samples.count }
        }
    }

    static let sentence = "The quick brown fox jumps over the lazy dog, and then it runs far away into the forest."

    @Test("a whole utterance reaches the sink in 20 ms chunks and takes a plausible time at 175 words per minute")
    func wholeUtterance() throws {
        let pipeline = try Pipeline()
        defer { pipeline.stop() }
        pipeline.queue.say(Utterance(Self.sentence))
        pipeline.waitUntilIdle()
        let samples = pipeline.speechSamples(of: 1)
        let seconds = Double(samples) / 22050
        // 17 words at 175 wpm is about 5.8 s; eSpeak-NG's pauses and pacing vary by version.
        #expect(seconds > 3.5 && seconds < 9, "\(seconds) s")
        #expect(pipeline.sink.writes.allSatisfy { $0.chunk.samples.count <= 441 })
        #expect(pipeline.transcript.lines == ["speech focus en-GB: \(Self.sentence)"])
    }

    @Test("a new focus cuts the utterance being played: less of it reaches the sink than the whole")
    func interruptedIsShorter() throws {
        let whole: Int
        do {
            let pipeline = try Pipeline()
            pipeline.queue.say(Utterance(Self.sentence))
            pipeline.waitUntilIdle()
            whole = pipeline.speechSamples(of: 1)
            pipeline.stop()
        }
        let sink = MemoryAudioSink(holdsWrites: true)
        let pipeline = try Pipeline(sink: sink)
        defer { pipeline.stop() }
        pipeline.queue.say(Utterance(Self.sentence))
        sink.waitForWritesBegun(1)  // the device is "playing" the first chunk
        pipeline.queue.say(Utterance("Reply"))
        sink.release()
        pipeline.waitUntilIdle()
        let cut = pipeline.speechSamples(of: 1)
        #expect(cut > 0)
        #expect(cut <= 441)
        #expect(cut < whole / 10)
        #expect(pipeline.speechSamples(of: 2) > 0)
        #expect(pipeline.transcript.lines == [
            "speech focus en-GB: \(Self.sentence)", "interrupt: \(Self.sentence)", "speech focus en-GB: Reply",
        ])
    }

    @Test("the rate is applied live: the same text at 450 wpm is much shorter than at 80 wpm")
    func rateLive() throws {
        let pipeline = try Pipeline()
        defer { pipeline.stop() }
        var settings = pipeline.queue.settings
        settings.voice.rate = 80
        pipeline.queue.settings = settings
        pipeline.queue.say(Utterance("Seven new posts in your home timeline"))
        pipeline.waitUntilIdle()
        settings.voice.rate = 450
        pipeline.queue.settings = settings
        pipeline.queue.say(Utterance("Seven new posts in your home timeline"))
        pipeline.waitUntilIdle()
        let slow = pipeline.speechSamples(of: 1)
        let fast = pipeline.speechSamples(of: 2)
        #expect(fast > 0)
        #expect(Double(fast) < Double(slow) * 0.45, "fast \(fast) slow \(slow)")
    }

    @Test("Spanish and Catalan voices are really used: the same text sounds different")
    func languagesDiffer() throws {
        let pipeline = try Pipeline()
        defer { pipeline.stop() }
        pipeline.queue.say(Utterance("Vull llegir les publicacions noves", language: "es"))
        pipeline.waitUntilIdle()
        pipeline.queue.say(Utterance("Vull llegir les publicacions noves", language: "ca"))
        pipeline.waitUntilIdle()
        let spanish = pipeline.sink.writes.filter { $0.chunk.speechID == 1 }.flatMap(\.chunk.samples)
        let catalan = pipeline.sink.writes.filter { $0.chunk.speechID == 2 }.flatMap(\.chunk.samples)
        #expect(!spanish.isEmpty && !catalan.isEmpty)
        #expect(spanish != catalan)
        #expect(pipeline.transcript.entries.map(\.lang) == ["es", "ca"])
        #expect(pipeline.backend.takeProblems() == [])
    }

    @Test("word events follow the audio reaching the sink: each word in turn, as it is heard")
    func wordEvents() throws {
        let heard = try wordsHeard(saying: Utterance("Boost this post now please"))
        #expect(heard.distinctInOrder == ["Boost", "this", "post", "now", "please"])
        #expect(heard.notes.count > 20)  // many chunks: words arrive over time, not all at once
    }

    @Test("speech starts with its first sound: the digital silence eSpeak-NG makes before it (49 ms before the T of Tom) is not sent")
    func leadingSilenceDropped() throws {
        let sink = MemoryAudioSink()
        let pipeline = try Pipeline(sink: sink)
        defer { pipeline.stop() }
        let heard = Recorder()
        let queue = pipeline.queue
        sink.observe { _ in heard.note(queue.currentWord?.word) }
        for text in ["Tom Whitaker: This, a hundred times.", "Parla Tips: press F1.", "Ana Lopez: hello."] {
            pipeline.queue.say(Utterance(text))
            pipeline.waitUntilIdle()
        }
        let firsts = (1...3).map { id in sink.writes.first { $0.chunk.speechID == UInt64(id) }?.chunk.samples.first }
        #expect(firsts.allSatisfy { $0 != nil && $0 != 0 }, "first samples \(firsts)")
        // The words are still heard in turn, from the first, though their audio starts earlier.
        #expect(heard.distinctInOrder.prefix(4) == ["Tom", "Whitaker", "This", "a"])
    }

    @Test("markup in spelled text is escaped, not obeyed; a language without a voice is reported once")
    func markupAndMissingVoice() throws {
        let pipeline = try Pipeline()
        defer { pipeline.stop() }
        pipeline.queue.say(Utterance("<audio src=\"x.wav\"/>&", spelled: true))
        pipeline.waitUntilIdle()
        pipeline.queue.say(Utterance("hola", language: "xx-zz"))
        pipeline.waitUntilIdle()
        pipeline.queue.say(Utterance("hola", language: "xx-zz"))
        pipeline.waitUntilIdle()
        #expect(pipeline.speechSamples(of: 1) > 22050)  // about 20 characters spelled take seconds
        #expect(pipeline.speechSamples(of: 2) > 0)
        #expect(pipeline.backend.takeProblems() == [.voiceUnavailable(language: "xx-zz")])
    }

    @Test("the earcon of an utterance is mixed into the same stream as its speech")
    func earconMixed() throws {
        let pipeline = try Pipeline()
        defer { pipeline.stop() }
        pipeline.queue.say(Utterance("Home", earcon: .focus))
        pipeline.waitUntilIdle()
        let first = pipeline.sink.writes.first?.chunk.samples ?? []
        #expect(first.count == 441)
        // The earcon (1000 throughout) under the start of the speech, which has no offset of its own:
        // the chunk averages about 1000 (speech now starts on its first sound, so it sounds from the first sample).
        let mean = first.reduce(0) { $0 + Int($1) } / max(first.count, 1)
        #expect(abs(mean - 1000) < 200, "mean \(mean)")
        #expect(pipeline.transcript.lines == ["earcon focus", "speech focus en-GB: Home"])
    }

    @Test("punctuation all names the marks and capitals spell spells the word: both make more speech")
    func punctuationAndCapitals() throws {
        let pipeline = try Pipeline()
        defer { pipeline.stop() }
        func length(_ text: String, _ change: (inout VoiceSettings) -> Void) -> Int {
            var settings = SpeechSettings()
            change(&settings.voice)
            pipeline.queue.settings = settings
            pipeline.queue.say(Utterance(text))
            pipeline.waitUntilIdle()
            return pipeline.sink.writes.last.flatMap { last in last.chunk.speechID.map { pipeline.speechSamples(of: $0) } } ?? 0
        }
        let quiet = length("Wait; what? Yes!") { $0.punctuation = .none }
        let named = length("Wait; what? Yes!") { $0.punctuation = .all }
        let plain = length("Send it to NASA") { $0.capitals = .none }
        let spelled = length("Send it to NASA") { $0.capitals = .spell }
        #expect(named > quiet + 22050 / 2, "named \(named) quiet \(quiet)")
        #expect(spelled > plain, "spelled \(spelled) plain \(plain)")
    }
}

/// Collects what the output thread saw.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String?] = []
    func note(_ word: String?) { lock.withLock { stored.append(word) } }
    var notes: [String?] { lock.withLock { stored } }
    /// The words seen, with repeats and gaps removed.
    var distinctInOrder: [String] {
        var result: [String] = []
        for case let word? in notes where result.last != word { result.append(word) }
        return result
    }
}
