import Foundation
import SpeechKit

/// segment_gap: the silence heard where one utterance changes voice (issue 17, item 1).
///
/// A post in Spanish with the English interface ("Ben Jones: | Hola, ¿qué tal? | 30 minutes ago.")
/// through the real eSpeak-NG into the paced null sink. At each change of voice, the gap is the time
/// from the last sound of one segment (a sample above -48 dBFS) to the first sound of the next, in
/// the audio as written, plus any stall of the output during the utterance (the paced sink's wall
/// time beyond the audio's own length), so a slow voice switch would show.
func segmentGapBench(runs: Int) throws {
    let rig = try SpeechRig()
    defer { rig.stop() }
    rig.sink.keepsSamples = true
    let utterance = Utterance(
        segments: [.init("Ben Jones: "), .init("Hola, ¿qué tal?", language: "es"), .init(" 30 minutes ago.")], language: "es")
    let rate = Double(rig.engine.format.sampleRate)
    var gaps: [Double] = []
    _ = rig.backend.takeSaidSegments()
    for id in UInt64(1)...UInt64(runs) {
        rig.queue.say(utterance)
        let done = DispatchSemaphore(value: 0)
        rig.queue.whenIdle { done.signal() }
        done.wait()
        let samples = rig.sink.takeSamples(of: id)
        let starts = rig.backend.takeSaidSegments().map(\.firstSample).dropFirst()
        var stall = 0.0
        if let span = rig.sink.span(of: id) {
            stall = max(0, milliseconds(span.ended - span.began) - Double(samples.count) / rate * 1000)
        }
        for start in starts where start < samples.count {
            let loud = { (sample: Int16) in abs(Int(sample)) > 128 }
            guard let end = samples[..<start].lastIndex(where: loud), let begin = samples[start...].firstIndex(where: loud) else { continue }
            gaps.append(Double(begin - end) / rate * 1000 + stall / Double(starts.count))
        }
    }
    timings("segment_gap", gaps)
}
