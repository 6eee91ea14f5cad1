import Foundation
import Mastodon
import MicroblogKit
import ParlaBase
@testable import ParlaPresentation
import Testing

/// A bio has no language from the server: it is told from its words and read in that voice (issue 26, item 6).
@Suite struct BioLanguageTests {
    /// Segments as `[lang]text` (`[-]` for the interface's voice), joined.
    func rendered(_ segments: [SpeechText.Segment]) -> String {
        segments.map { "[\($0.language ?? "-")]\($0.text)" }.joined()
    }

    func account(note: String) -> Account {
        Account(id: "5", acct: "lucia", username: "lucia", displayName: "Lucía Ortega", note: RichText(html: note), url: "https://parla.test/@lucia")
    }

    @Test func theLanguageOfTheDemosBiosIsToldFromTheirWords() {
        #expect(LanguageGuess.language(of: "Bookbinder in Bristol, learning to read the fediverse by ear. This is my own little Parla instance.") == .english)
        #expect(LanguageGuess.language(of: "Consultora de accesibilidad en Madrid. Baja visión, lupa siempre a mano. Escribo sobre diseño para todas las personas.") == .spanish)
        #expect(LanguageGuess.language(of: "Bibliotecària a Girona. Clubs de lectura, audiollibres i bicicleta els diumenges.") == .catalan)
        #expect(LanguageGuess.language(of: "Forner a València. Pa de massa mare des de les cinc del matí. També escric en castellà.") == .catalan)
        #expect(LanguageGuess.language(of: "Estudiante de Historia en Sevilla. Cocina de batalla, fútbol y apuntes compartidos.") == .spanish)
    }

    @Test func aBioTooShortOrTooMixedToTellGetsNoLanguage() {
        #expect(LanguageGuess.language(of: "Reads poetry aloud.") == nil)
        #expect(LanguageGuess.language(of: "Radio.") == nil)
        #expect(LanguageGuess.language(of: "") == nil)
    }

    @Test func aSpanishBioIsReadInSpanishWithItsLinkInTheInterfacesVoice() {
        let bio = speechText(.english).bio(of: account(note:
            "<p>Consultora de accesibilidad en Madrid. Escribo sobre diseño para todas las personas en <a href=\"https://blog.example.org/x\">https://blog.example.org/x</a></p>"))
        #expect(bio.language == "es")
        #expect(rendered(bio.segments)
            == "[es]Consultora de accesibilidad en Madrid. Escribo sobre diseño para todas las personas en [-]link to blog.example.org")
    }

    @Test func aCatalanBioInACatalanInterfaceIsOneSegmentInTheInterfacesVoice() {
        let bio = speechText(.catalan).bio(of: account(note: "<p>Bibliotecària a Girona. Clubs de lectura i bicicleta els diumenges.</p>"))
        #expect(bio.language == nil)
        #expect(rendered(bio.segments) == "[-]Bibliotecària a Girona. Clubs de lectura i bicicleta els diumenges.")
    }

    @Test func anAccountReadInFullSaysItsBioInItsVoiceAndTheRestInTheInterfaces() {
        let said = speechText(.english).present(account(note: "<p>Consultora de accesibilidad en Madrid. Baja visión, lupa siempre a mano.</p>"), level: .full)
        #expect(rendered(said.segments)
            == "[-]Lucía Ortega, @lucia. [es]Consultora de accesibilidad en Madrid. Baja visión, lupa siempre a mano.[-] 0 posts, 0 followers, following 0.")
    }
}
