import Foundation
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import Testing

/// Each word in its own voice (issue 17, item 1): what the app says for a post, through the speech
/// queue, as the transcript records it.
@Suite struct VoicesTranscriptTests {
    /// `utterance` said through a speech queue whose voice speaks `voice`: the transcript's lines with segments, and its JSON.
    func transcript(of utterance: Utterance, voice: String) -> (lines: [String], json: [String]) {
        var settings = SpeechSettings()
        settings.voice.language = voice
        let transcript = MemoryTranscript()
        let queue = SpeechQueue(backend: RecordingSpeechBackend(), earcons: nil, clock: ManualClock(), transcript: transcript, settings: settings)
        queue.say(utterance)
        return (transcript.segmentLines, transcript.entries.map(\.jsonLine))
    }

    @Test func aSpanishPostReadWithAnEnglishInterface() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.down)
        let said = transcript(of: try #require(h.utterances.last), voice: "en-GB")
        #expect(said.lines == ["speech focus es: [en-GB]Ben Jones: [es]Hola, ¿qué tal?[en-GB] 30 minutes ago."])
        #expect(said.json == [
            #"{"id":1,"kind":"speech","lang":"es","priority":"focus","segments":[{"lang":"en-GB","text":"Ben Jones: "},{"lang":"es","text":"Hola, ¿qué tal?"},{"lang":"en-GB","text":" 30 minutes ago."}],"t_ms":0,"text":"Ben Jones: Hola, ¿qué tal? 30 minutes ago."}"#,
        ])
    }

    @Test func anEnglishPostReadWithASpanishInterface() async throws {
        let h = try AppHarness(language: .spanish)
        await h.open()
        let post = try #require(h.utterances.first { $0.segments.contains { $0.language == "en" } })
        let said = transcript(of: post, voice: "es")
        // The screen's entry and the post in one utterance, each part in its own voice.
        #expect(said.lines == [
            "speech focus es: [es]Inicio · main. Publicaciones, lista rueda, 1 de 3. Ana García: [en]Good morning, everyone![es] hace 5 minutos. "
                + "Arriba y Abajo mueven, Derecha lee el resto, Intro elige.",
        ])
    }

    @Test func aSpanishPostWithASpanishInterfaceIsOneVoice() async throws {
        let h = try AppHarness(language: .spanish)
        await h.open()
        await h.press(.down)
        let said = transcript(of: try #require(h.utterances.last), voice: "es")
        #expect(said.lines == ["speech focus es: [es]Ben Jones: Hola, ¿qué tal? hace 30 minutos."])
    }
}
