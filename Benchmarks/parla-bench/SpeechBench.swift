import EspeakSpeech
import Foundation
import ParlaBase
import SpeechKit
import SpeechKitTesting

/// The real speech path: eSpeak-NG into the paced null sink, with every write timed.
final class SpeechRig {
    let sink = TimingSink(NullAudioSink(paced: true))
    let engine: AudioEngine
    let backend: EspeakBackend
    let queue: SpeechQueue
    let transcript = MemoryTranscript()

    init() throws {
        engine = AudioEngine(sink: sink, format: .speech, earcons: EarconBank(sounds: [:]))
        try engine.start()
        backend = try EspeakBackend(audio: engine)
        queue = SpeechQueue(backend: backend, earcons: engine, clock: SystemClock(), transcript: transcript)
    }

    func stop() {
        queue.stopSpeaking()
        backend.shutdown()
        engine.stop()
    }
}

/// key_to_speech and interrupt measured at the speech queue.
///
///   key_to_speech: an utterance handed to the speech queue (as the app does on a key press)
///                  → the first PCM sample of it reaching the sink.
///   interrupt:     a new focus handed to the queue while a long utterance is playing
///                  → the old utterance's audio stops reaching the sink (its last write returns).
func speechQueueBench(runs: Int, warmup: Int) throws {
    let rig = try SpeechRig()
    defer { rig.stop() }
    let sink = rig.sink
    let queue = rig.queue
    var nextID: UInt64 = 1

    // key → first sample: each new focus cuts the one still playing, as fast typing or arrowing does.
    var keyToSpeech: [Double] = []
    for run in 0..<(runs + warmup) {
        let id = nextID
        nextID += 1
        let start = ContinuousClock.now
        queue.say(Utterance("Post \(run) of 300 in the home timeline"))
        let first = sink.waitForFirstWrite(of: id)
        if run >= warmup { keyToSpeech.append(milliseconds(first - start)) }
    }

    // interrupt: a long post is playing (three chunks heard), then a new focus arrives.
    let longText = "A long post that is being read aloud while the user moves on to the next one with a key press."
    var interrupt: [Double] = []
    for run in 0..<(runs + warmup) {
        let oldID = nextID
        queue.say(Utterance(longText))
        sink.waitForWrites(3, of: oldID)
        let newID = oldID + 1
        nextID += 2
        let start = ContinuousClock.now
        queue.say(Utterance("Reply \(run)"))
        _ = sink.waitForFirstWrite(of: newID)
        let stopped = sink.lastWriteEnded(of: oldID) ?? start
        if run >= warmup { interrupt.append(max(0, milliseconds(stopped - start))) }
    }
    timings("key_to_speech", keyToSpeech)
    timings("interrupt", interrupt)
}
