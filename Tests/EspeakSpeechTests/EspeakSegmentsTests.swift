import EspeakSpeech
import Foundation
import ParlaBase
import SpeechKit
import Testing

/// Each word in its own voice, heard (issue 17, item 1): one utterance of a Spanish and an English
/// segment, through the real eSpeak-NG into the audio sink. In the eSpeak-NG suite, so it is serialized
/// with the others: one backend at a time (they share eSpeak-NG's global state).
extension EspeakBackendTests {
    static let spanish = "Hola, ¿qué tal? Vamos a la playa."
    static let english = " Fifteen hours ago. One reply."

    /// Loudness in 50 ms frames (root mean square of each 1102 samples): the shape of the speech,
    /// which a different voice (other timing and phonemes) changes and a shift of a few samples does not.
    func envelope(_ samples: [Int16]) -> [Double] {
        stride(from: 0, to: samples.count - 1101, by: 1102).map { start in
            var sum = 0.0
            for index in start..<(start + 1102) { sum += Double(samples[index]) * Double(samples[index]) }
            return (sum / 1102).squareRoot()
        }
    }

    /// `samples` without the silence at their end.
    func trimmed(_ samples: [Int16]) -> [Int16] {
        Array(samples[..<((samples.lastIndex { abs(Int($0)) > 64 } ?? -1) + 1)])
    }

    /// Mean absolute difference of the first `count` frames of two envelopes.
    func distance(_ a: [Double], _ b: [Double], count: Int) -> Double {
        let n = min(count, a.count, b.count)
        guard n > 0 else { return .infinity }
        return zip(a.prefix(n), b.prefix(n)).map { abs($0 - $1) }.reduce(0, +) / Double(n)
    }

    @Test("each segment is synthesised with its own voice: the first part of a two-voice utterance is the Spanish voice's audio, not the English voice's")
    func twoVoicesInOneUtterance() throws {
        let pipeline = try Pipeline()
        defer { pipeline.stop() }
        let mixed = Utterance(segments: [.init(Self.spanish, language: "es"), .init(Self.english, language: "en")], language: "es")
        for utterance in [
            Utterance(Self.spanish, language: "es"), Utterance(Self.english, language: "en"), Utterance(Self.spanish, language: "en"), Utterance(Self.english, language: "es"), mixed,
        ] {
            pipeline.queue.say(utterance)
            pipeline.waitUntilIdle()
        }
        let recorded = (1...5).map { id in pipeline.sink.writes.filter { $0.chunk.speechID == UInt64(id) }.flatMap(\.chunk.samples) }
        let (spanishAlone, englishAlone, spanishInEnglish, englishInSpanish, both) = (recorded[0], recorded[1], recorded[2], recorded[3], recorded[4])
        // The voice eSpeak-NG had for each segment of the two-voice utterance (after the four single ones).
        #expect(pipeline.backend.takeSegmentVoices().suffix(2) == ["Spanish (Spain)", "English (Great Britain)"])
        #expect(pipeline.transcript.segmentLines.last == "speech focus es: [es]Hola, ¿qué tal? Vamos a la playa.[en] Fifteen hours ago. One reply.")
        // As long as the two parts said apart (within 2 %: eSpeak-NG's pause between them differs a little).
        let apart = Double(spanishAlone.count + englishAlone.count)
        #expect(abs(Double(both.count) - apart) / apart < 0.02, "\(both.count) samples, \(Int(apart)) apart")
        // eSpeak-NG's wave generator keeps state between passes, so the parts are not sample-for-sample
        // what they are said alone; their loudness shape is (measured: about 410 against 2230 at the start, 13–31 against 1965
        // at the end, compared from the last sound).
        // Its first part sounds like the Spanish voice saying it, not like the English voice saying the same words.
        let (mixedShape, spanishShape, wrongShape) = (envelope(both), envelope(spanishAlone), envelope(spanishInEnglish))
        let frames = spanishShape.count * 9 / 10
        let toSpanish = distance(mixedShape, spanishShape, count: frames)
        let toEnglish = distance(mixedShape, wrongShape, count: frames)
        #expect(toSpanish * 2 < toEnglish, "loudness difference to the Spanish voice \(toSpanish), to the English voice \(toEnglish)")
        // Its last part sounds like the English voice saying the English words (compared from the end).
        let (mixedEnd, englishShape) = (envelope(trimmed(both).reversed()), envelope(trimmed(englishAlone).reversed()))
        let tail = englishShape.count * 9 / 10
        let toEnglishTail = distance(mixedEnd, englishShape, count: tail)
        let toSpanishTail = distance(mixedEnd, envelope(trimmed(englishInSpanish).reversed()), count: tail)
        #expect(toEnglishTail * 2 < toSpanishTail, "loudness difference of the end to the English voice \(toEnglishTail), to the Spanish voice \(toSpanishTail)")
    }
}
