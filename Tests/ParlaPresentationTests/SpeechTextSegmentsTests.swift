import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Testing

/// Each word in its own voice (issue 17, item 1): a post's own words in its language, every
/// interface word in the interface's.
@Suite struct SpeechTextSegmentsTests {
    /// Segments as `[lang]text` (`[-]` for the interface's voice), joined.
    func rendered(_ output: Presented) -> String {
        output.segments.map { "[\($0.language ?? "-")]\($0.text)" }.joined()
    }

    @Test func aSpanishPostWithAnEnglishInterface() {
        let post = samplePost("<p>Hola, ¿qué tal?</p>", minutesAgo: 15 * 60, language: "es", replies: 1, boosts: 1)
        let output = speechText(.english).present(post, template: .standard(.all), now: speechNow)
        #expect(output.spoken == "Ana García: Hola, ¿qué tal? 15 hours ago. 1 reply, 1 boost.")
        #expect(rendered(output) == "[-]Ana García: [es]Hola, ¿qué tal?[-] 15 hours ago. 1 reply, 1 boost.")
        #expect(output.segments.map(\.text).joined() == output.spoken)
        #expect(output.language == "es")
    }

    @Test func anEnglishPostWithASpanishInterface() {
        let post = samplePost("<p>Good morning, everyone!</p>", minutesAgo: 15 * 60, language: "en", replies: 1, boosts: 1)
        let output = speechText(.spanish).present(post, template: .standard(.all), now: speechNow)
        #expect(rendered(output) == "[-]Ana García: [en]Good morning, everyone![-] hace 15 horas. 1 respuesta, 1 impulso.")
    }

    @Test func warningMediaDescriptionsAndPollOptionsAreThePostsWords() {
        let poll = Poll(id: "p", expired: true, options: [.init(title: "Té"), .init(title: "Café")])
        let post = samplePost("<p>¿Qué bebes?</p>", language: "es", spoiler: "Bebidas",
                              media: [MediaAttachment(id: "m", kind: .image, description: "Una taza"), MediaAttachment(id: "n", kind: .video)],
                              poll: poll)
        let output = speechText(.english, readWarningBody: true).present(post, template: .standard(.all), now: speechNow)
        #expect(rendered(output) == "[-]Ana García: Content warning: [es]Bebidas[-]. [es]¿Qué bebes?[-] Image: [es]Una taza[-]. Video without description. Poll: [es]Té[-]; [es]Café[-]. Closed. 5 minutes ago.")
    }

    @Test func aPostInTheInterfacesLanguageIsOneSegment() {
        let post = samplePost("<p>Good morning</p>", language: "en-GB")
        let output = speechText(.english).present(post, template: .standard(.all), now: speechNow)
        #expect(rendered(output) == "[en-GB]Ana García: Good morning. 5 minutes ago.")
    }

    @Test func aPostWithoutALanguageIsOneSegmentInTheInterfaces() {
        let post = samplePost("<p>Sin idioma</p>", language: nil)
        let output = speechText(.english).present(post, template: .standard(.all), now: speechNow)
        #expect(rendered(output) == "[-]Ana García: Sin idioma. 5 minutes ago.")
    }

    /// Issue 26 item 6 and issue 27: many Bluesky posts carry no `langs`; a Spanish one is still read in the
    /// Spanish voice, its language told from its words, and an English one stays in the interface's.
    @Test func aPostWithoutALanguageIsReadInTheLanguageItsWordsAreIn() {
        let spanish = samplePost("<p>Mañana cerramos a mediodía por inventario, pero el pan de centeno lo tendréis a primera hora.</p>", language: nil)
        let output = speechText(.english).present(spanish, template: .standard(.all), now: speechNow)
        #expect(rendered(output) == "[-]Ana García: [es]Mañana cerramos a mediodía por inventario, pero el pan de centeno lo tendréis a primera hora.[-] 5 minutes ago.")
        #expect(output.language == "es")
        let english = samplePost("<p>The bakery closes at noon for the inventory, but the rye bread will be there first thing.</p>", language: nil)
        #expect(rendered(speechText(.english).present(english, template: .standard(.all), now: speechNow))
                == "[-]Ana García: The bakery closes at noon for the inventory, but the rye bread will be there first thing. 5 minutes ago.")
    }

    @Test func aShortPollOptionCannotTakeAPieceOfTheBody() {
        let poll = Poll(id: "p", expired: true, options: [.init(title: "sí")])
        let post = samplePost("<p>Ana dice sí</p>", language: "es", poll: poll)
        let output = speechText(.english).present(post, template: .standard(.minimal), now: speechNow)
        #expect(rendered(output) == "[-]Ana García: [es]Ana dice sí.[-] Poll.")
    }
}
