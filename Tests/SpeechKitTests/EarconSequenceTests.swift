import Foundation
@testable import SpeechKit
import SpeechKitTesting
import Testing

/// Earcons played in sequence (the leave earcon, then the focus earcon) follow each other in the audio
/// stream, sample after sample, instead of being mixed.
@Suite struct EarconSequenceTests {
    @Test func aSequenceReachesTheSinkEndToEndNotMixed() throws {
        let sink = MemoryAudioSink()
        let engine = AudioEngine(sink: sink, format: AudioFormat(sampleRate: 1000),
                                 earcons: EarconBank(sounds: [.leave: [100, 100, 100], .focus: [7, 8]]), chunk: .milliseconds(10))
        try engine.start()
        defer { engine.stop() }
        engine.play(sequence: [.leave, .focus])
        engine.waitUntilPlayed()
        // Mixed, the two would have been [107, 108, 100] (the mixer test shows earcons added).
        #expect(sink.samples == [100, 100, 100, 7, 8])
    }

    @Test func anUtterancesLeadingEarconIsPlayedBeforeItsEarconAndRecordedInThatOrder() {
        let f = QueueFixture()
        var utterance = Utterance("Send, button", earcon: .focus)
        utterance.leadingEarcon = .leave
        f.queue.say(utterance)
        #expect(f.earcons.sequences == [[.leave, .focus]])
        #expect(f.transcript.lines == ["earcon leave", "earcon focus", "speech focus en-GB: Send, button"])
        // Without sounds, neither plays.
        var quiet = SpeechSettings()
        quiet.sounds = false
        let silent = QueueFixture(settings: quiet)
        silent.queue.say(utterance)
        #expect(silent.earcons.played.isEmpty)
    }
}
