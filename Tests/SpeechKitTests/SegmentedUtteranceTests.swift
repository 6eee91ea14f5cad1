import ParlaBase
import SpeechKit
import Testing

/// An utterance in several languages (issue 17, item 1): the backend gets each segment with its
/// voice's language, the transcript records them.
@Suite("Segmented utterances")
struct SegmentedUtteranceTests {
    static let spanishPost = Utterance(
        segments: [.init("  Ben Jones: "), .init("Hola, ¿qué tal?", language: "es"), .init(" 30 minutes ago.  ")], language: "es")

    @Test("the backend gets each segment in its language; interface words in the voice's language; outer spaces trimmed")
    func backendGetsSegments() {
        let f = QueueFixture()
        f.queue.say(Self.spanishPost)
        let request = f.backend.spoken[0]
        #expect(request.text == "Ben Jones: Hola, ¿qué tal? 30 minutes ago.")
        #expect(request.segments == [
            .init("Ben Jones: ", language: "en-GB"), .init("Hola, ¿qué tal?", language: "es"), .init(" 30 minutes ago.", language: "en-GB"),
        ])
        #expect(f.transcript.lines == ["speech focus es: Ben Jones: Hola, ¿qué tal? 30 minutes ago."])
        #expect(f.transcript.segmentLines == ["speech focus es: [en-GB]Ben Jones: [es]Hola, ¿qué tal?[en-GB] 30 minutes ago."])
        #expect(f.transcript.entries[0].jsonLine == #"{"id":1,"kind":"speech","lang":"es","priority":"focus","segments":[{"lang":"en-GB","text":"Ben Jones: "},{"lang":"es","text":"Hola, ¿qué tal?"},{"lang":"en-GB","text":" 30 minutes ago."}],"t_ms":0,"text":"Ben Jones: Hola, ¿qué tal? 30 minutes ago."}"#)
    }

    @Test("segments in the voice's own language merge into one: the line is as it always was, without segments")
    func sameLanguageIsOneSegment() {
        var settings = SpeechSettings()
        settings.voice.language = "es"
        let f = QueueFixture(settings: settings)
        f.queue.say(Self.spanishPost)
        #expect(f.backend.spoken[0].segments == [.init("Ben Jones: Hola, ¿qué tal? 30 minutes ago.", language: "es")])
        #expect(f.transcript.entries[0].segments == nil)
        #expect(f.transcript.segmentLines == ["speech focus es: [es]Ben Jones: Hola, ¿qué tal? 30 minutes ago."])
        #expect(f.transcript.entries[0].jsonLine == #"{"id":1,"kind":"speech","lang":"es","priority":"focus","t_ms":0,"text":"Ben Jones: Hola, ¿qué tal? 30 minutes ago."}"#)
    }

    @Test("a full stop between two voices goes with the voice before it: no change of voice for a word-less piece")
    func aFullStopAloneHasNoVoiceOfItsOwn() {
        let f = QueueFixture()
        f.queue.say(Utterance(segments: [.init("Parla Tips: "), .init("A tip for you. ", language: "es"), .init("etiqueta Parla Tips"),
                                         .init(".", language: "es"), .init(" 3 hours ago.")], language: "es"))
        #expect(f.backend.spoken[0].segments == [
            .init("Parla Tips: ", language: "en-GB"), .init("A tip for you. ", language: "es"),
            .init("etiqueta Parla Tips. 3 hours ago.", language: "en-GB"),
        ])
    }

    @Test("a one-segment utterance is what it always was; setting the text keeps its language")
    func oneSegment() {
        var utterance = Utterance("Hola", language: "es")
        #expect(utterance.segments == [.init("Hola", language: "es")])
        utterance.text = "Adiós"
        #expect(utterance.segments == [.init("Adiós", language: "es")])
        #expect(Self.spanishPost.text == "  Ben Jones: Hola, ¿qué tal? 30 minutes ago.  ")
    }

    @Test("control characters are removed from every segment")
    func segmentsAreCleaned() {
        let f = QueueFixture()
        f.queue.say(Utterance(segments: [.init("Ana: "), .init("Hola\u{1B}[31m mundo", language: "es")], language: "es"))
        #expect(f.backend.spoken[0].segments.map(\.text) == ["Ana: ", "Hola mundo"])
    }

    @Test("SSML for speech-dispatcher: one voice element per segment, texts and languages escaped")
    func ssmlDocument() {
        let document = SSML.document([.init("Ana: "), .init("<b>Hola</b> & \"adiós\"", language: "es\">")], fallback: "en")
        #expect(document == #"<speak><voice xml:lang="en">Ana: </voice><voice xml:lang="es&quot;&gt;">&lt;b&gt;Hola&lt;/b&gt; &amp; &quot;adiós&quot;</voice></speak>"#)
    }
}
