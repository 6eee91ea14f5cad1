import Foundation
import Mastodon
import MicroblogKit
import ParlaApp
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import Testing

/// Profile bios in the voice of the language they are written in (issue 26, item 6), the interface's words
/// around them in the interface's, as the transcript has them.
@Suite struct BioVoiceTests {
    /// `utterance` through a speech queue whose voice speaks `voice`: the transcript's lines with segments.
    func transcript(of utterance: Utterance, voice: String) -> [String] {
        var settings = SpeechSettings()
        settings.voice.language = voice
        let transcript = MemoryTranscript()
        let queue = SpeechQueue(backend: RecordingSpeechBackend(), earcons: nil, clock: ManualClock(), transcript: transcript, settings: settings)
        queue.say(utterance)
        return transcript.segmentLines
    }

    static let lucia = account("5", "lucia", "Lucía Ortega", note: RichText(html: "<p>Consultora de accesibilidad en Madrid. Baja visión, lupa siempre a mano.</p>"))
    static let montse = account("6", "montse", "Montse Puig", note: RichText(html: "<p>Bibliotecària a Girona. Clubs de lectura i bicicleta els diumenges.</p>"))

    func harness(_ author: Account, language: Language = .english) throws -> AppHarness {
        let engine = FakeEngine.home([post("110", by: author, "<p>Hola</p>", minutesAgo: 5, language: "es")])
        engine.scripted.add(accounts: [author])
        return try AppHarness(engine: engine, language: language)
    }

    @Test func aSpanishBioOpensTheProfileInTheSpanishVoiceWithAnEnglishInterface() async throws {
        let h = try harness(Self.lucia)
        await h.open()
        await h.press(.char("u"))
        let said = transcript(of: try #require(h.utterances.last), voice: "en-GB")
        #expect(said == [
            "speech focus en-GB: [en-GB]Lucía Ortega. You do not follow each other. [es]Consultora de accesibilidad en Madrid. Baja visión, lupa siempre a mano."
                + "[en-GB] Handle, label, @lucia, Right and Left read word by word.",
        ])
    }

    @Test func theBioLabelReadsACatalanBioInTheCatalanVoice() async throws {
        let h = try harness(Self.montse)
        await h.open()
        await h.press(.char("u"), .tab, .tab, .tab, .tab)
        let said = transcript(of: try #require(h.utterances.last), voice: "en-GB")
        #expect(said == [
            "speech focus en-GB: [en-GB]Bio, label, [ca]Bibliotecària a Girona. Clubs de lectura i bicicleta els diumenges.",
        ])
        #expect(h.lines.contains { $0.contains("Bio: Bibliotecària a Girona.") })
    }

    @Test func aSpanishBioWithASpanishInterfaceIsOneVoice() async throws {
        let h = try harness(Self.lucia, language: .spanish)
        await h.open()
        await h.press(.char("u"))
        let said = try #require(h.utterances.last)
        #expect(said.segments.allSatisfy { $0.language == nil })
        #expect(said.text.contains("Consultora de accesibilidad en Madrid."))
    }

    @Test func aBioTooShortToTellStaysInTheInterfacesVoice() async throws {
        let h = try harness(ana)
        await h.open()
        await h.press(.char("u"))
        let said = transcript(of: try #require(h.utterances.last), voice: "en-GB")
        #expect(said == [
            "speech focus en-GB: [en-GB]Ana García. You do not follow each other. Reads poetry aloud. Handle, label, @ana, Right and Left read word by word.",
        ])
    }
}
