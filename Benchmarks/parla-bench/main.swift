// parla-bench: speech latency through the real eSpeak-NG backend into the (paced) null sink.
//
//   key_to_speech: an utterance handed to the speech queue (as the app does on a key press)
//                  → the first PCM sample of it reaching the sink.
//   interrupt:     a new focus handed to the queue while a long utterance is playing
//                  → the old utterance's audio stops reaching the sink (its last write returns).
//
// Prints `name: value` lines. Usage: parla-bench [RUNS] (default 300, at least 200).
import EspeakSpeech
import Foundation
import ParlaBase
import SpeechKit

let runs = max(200, CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 300)
let warmup = 20

func milliseconds(_ duration: Duration) -> Double {
    let c = duration.components
    return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

func format(_ value: Double) -> String { String(format: "%.3f", value) }

let sink = TimingSink(NullAudioSink(paced: true))
let engine = AudioEngine(sink: sink, format: .speech, earcons: EarconBank(sounds: [:]))
do { try engine.start() } catch {
    print("error: \(error)")
    exit(1)
}
let backend: EspeakBackend
do { backend = try EspeakBackend(audio: engine) } catch {
    print("error: eSpeak-NG did not start: \(error)")
    exit(1)
}
let queue = SpeechQueue(backend: backend, earcons: engine, clock: SystemClock())
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

queue.stopSpeaking()
backend.shutdown()
engine.stop()

print("runs: \(runs)")
print("key_to_speech_median_ms: \(format(percentile(keyToSpeech, 50)))")
print("key_to_speech_p95_ms: \(format(percentile(keyToSpeech, 95)))")
print("interrupt_median_ms: \(format(percentile(interrupt, 50)))")
print("interrupt_p95_ms: \(format(percentile(interrupt, 95)))")
