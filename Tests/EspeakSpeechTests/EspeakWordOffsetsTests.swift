import EspeakSpeech
import Foundation
import SpeechKit
import SpeechKitTesting
import Testing

/// The words eSpeak-NG reports are counted in characters of the whole utterance, across its segments in
/// several languages and past accented letters, and point into the word's letters (not at punctuation
/// before them, and a bracket alone is no word): the reader's "read to the end" moves its highlight to
/// the text's word holding that offset (issue 26, item 14). In the eSpeak-NG suite, so it is serialized
/// with the others: one backend at a time (they share eSpeak-NG's global state).
extension EspeakBackendTests {
    /// Says `utterance` through the real eSpeak-NG and notes the word heard each time audio reaches the sink.
    func wordsHeard(saying utterance: Utterance) throws -> Recorder {
        let sink = MemoryAudioSink()
        let pipeline = try Pipeline(sink: sink)
        defer { pipeline.stop() }
        let heard = Recorder()
        let queue = pipeline.queue
        sink.observe { _ in heard.note(queue.currentWord?.word) }
        queue.say(utterance)
        pipeline.waitUntilIdle()
        return heard
    }

    @Test("the words heard in a reading of two languages with accents are its words, in turn")
    func wordsHeardAcrossSegmentsAndAccents() throws {
        let heard = try wordsHeard(saying: Utterance(segments: [
            .init("García wrote: ", language: "en"), .init("¿Vamos al cine? Está aquí", language: "es"),
            .init(" [Image: ", language: "en"), .init("Un paraguas", language: "es"), .init("] done", language: "en"),
        ]))
        #expect(heard.distinctInOrder == ["García", "wrote", "Vamos", "al", "cine", "Está", "aquí", "Image", "Un", "paraguas", "done"])
    }
}
