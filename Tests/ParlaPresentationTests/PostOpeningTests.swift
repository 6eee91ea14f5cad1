import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TestSupport
import Testing

/// Issue 26 item 4: a list says a long post's opening and "More.", and keeps the rest for Right and the
/// reader; a short post is said whole, and so is every post when whole posts are asked for.
@Suite struct PostOpeningTests {
    let speech = speechText()

    @Test func aShortPostIsSaidWholeWithNothingHeldBack() {
        let post = samplePost("<p>Good morning! The bread is out of the oven and still warm.</p>")
        let output = speech.present(post, template: .standard(.full), now: speechNow)
        #expect(output.spoken == "Ana García: Good morning! The bread is out of the oven and still warm. 5 minutes ago.")
        #expect(output.rest.isEmpty)
    }

    @Test func aLongPostSaysItsFirstSentenceAndMoreAndKeepsTheRest() {
        let post = samplePost("<p>People keep asking what voice I listen to all day. It is this one, and it is free software, so try it.</p>")
        let output = speech.present(post, template: .standard(.full), now: speechNow)
        #expect(output.spoken == "Ana García: People keep asking what voice I listen to all day. More. 5 minutes ago.")
        #expect(output.rest.map(\.text).joined() == "It is this one, and it is free software, so try it.")
        // The text shown is whole: only what is said is cut.
        #expect(output.display == "People keep asking what voice I listen to all day. It is this one, and it is free software, so try it.")
    }

    @Test func aLongFirstSentenceStopsAtAClauseOrBeforeItsShortLastWordsWithAnEllipsis() {
        let clause = samplePost("<p>Para quien me lo preguntó ayer: aquí está el resumen oficial de las pautas, con enlaces a todo lo demás.</p>",
                                language: "es")
        #expect(speech.present(clause, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Para quien me lo preguntó ayer… More. 5 minutes ago.")
        let long = samplePost("<p>Hi estic d'acord, i jo que obro la biblioteca a les vuit cada dia i tanco a les nou del vespre!</p>", language: "ca")
        let output = speech.present(long, template: .standard(.full), now: speechNow)
        #expect(output.spoken == "Ana García: Hi estic d'acord, i jo que obro la biblioteca… More. 5 minutes ago.")
        #expect(output.rest.map(\.text).joined() == "a les vuit cada dia i tanco a les nou del vespre!")
    }

    @Test func noCutFallsInsideALinkSaidInTheInterfacesWordsWhichKeepTheirVoice() {
        // The tenth word is "to" in "link to example.com": the opening stops before the link, and the rest says it whole.
        let post = samplePost("<p>Mañana presentamos el nuevo proyecto de accesibilidad en " + longLinkHTML + " con todo el equipo y muchas ganas.</p>",
                              language: "es")
        let output = speech.present(post, template: .standard(.full), now: speechNow)
        #expect(output.spoken == "Ana García: Mañana presentamos el nuevo proyecto de accesibilidad… More. 5 minutes ago.")
        #expect(output.rest == [.init("en ", language: "es"), .init("link to example.com"), .init(" con todo el equipo y muchas ganas.", language: "es")])
    }

    @Test func aShortFirstSentenceRunsOnToTheNextClause() {
        let post = samplePost("<p>Totalmente. Aunque yo añadiría: una terminal bien hecha también es mejor para estudiar con lector de pantalla.</p>",
                              language: "es")
        #expect(speech.present(post, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Totalmente. Aunque yo añadiría… More. 5 minutes ago.")
    }

    @Test func aFirstSentenceOneOrTwoWordsOverTheOpeningIsNotCutForThem() {
        let post = samplePost("<p>Tip: filters you set on your server work in Parla too. A warning filter says Filtered and its name first.</p>")
        #expect(speech.present(post, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Tip: filters you set on your server work in Parla too. More. 5 minutes ago.")
    }

    @Test func wholePostsAreSaidWholeWhenTheOptionsAskForThem() {
        let post = samplePost("<p>People keep asking what voice I listen to all day. It is this one, and it is free software.</p>")
        var options = SpeechText.Options()
        options.wholePosts = true
        let whole = SpeechText(localizer: TestLocalization.localizer(.english), options: options)
        let output = whole.present(post, template: .standard(.full), now: speechNow)
        #expect(output.spoken == "Ana García: People keep asking what voice I listen to all day. It is this one, and it is free software. 5 minutes ago.")
        #expect(output.rest.isEmpty)
        // A template that says the body whole holds nothing back either.
        let all = speech.present(post, template: .standard(.all), now: speechNow)
        #expect(all.rest.isEmpty)
        #expect(!all.spoken.contains("More."))
    }

    @Test func theOpeningAndTheRestAreInThePostsVoiceAndMoreInTheInterfaces() {
        let post = samplePost("<p>Mañana cerramos a mediodía por inventario. El pan de centeno lo tendréis igualmente a primera hora.</p>", language: "es")
        let output = speech.present(post, template: .standard(.full), now: speechNow)
        #expect(output.segments == [.init("Ana García: "), .init("Mañana cerramos a mediodía por inventario.", language: "es"),
                                    .init(" More. 5 minutes ago.")])
        #expect(output.rest == [.init("El pan de centeno lo tendréis igualmente a primera hora.", language: "es")])
        // In a Spanish interface "Más" is the interface's word.
        #expect(speechText(.spanish).present(post, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Mañana cerramos a mediodía por inventario. Más. hace 5 minutos.")
    }

    @Test func aMentionNotificationSaysThePostsOpeningAndKeepsTheRest() {
        let post = samplePost("<p>@owner We are doing a show about local tech projects next month. Would you like to come on and talk about it?</p>")
        let notification = MicroblogNotification(id: "n1", kind: .mention, createdAt: speechNow.addingTimeInterval(-300), account: anaAccount, post: post)
        let output = speech.present(notification, now: speechNow, level: .full)
        #expect(output.spoken == "Ana García mentioned you: @owner We are doing a show about local tech projects next month. More. 5 minutes ago")
        #expect(output.rest.map(\.text).joined() == "Would you like to come on and talk about it?")
    }

    @Test func theTimeAtTheEndCanBeLeftOutForAListThatJustSaidIt() throws {
        let post = samplePost("<p>Look</p>", media: [MediaAttachment(id: "1", kind: .image, description: "A cat")])
        let output = speech.present(post, template: .standard(.full), now: speechNow)
        #expect(output.time == "5 minutes ago")
        let shorter = try #require(output.withoutTime("5 minutes ago"))
        #expect(shorter.spoken == "Ana García: Look. 1 image.")
        // Text first ends "…, Ana García, 5 minutes ago.": the name keeps its full stop.
        let textFirst = speech.present(post, template: PostTemplate.presets["text-first"]![.full]!, now: speechNow)
        #expect(try #require(textFirst.withoutTime("5 minutes ago")).spoken == "Look. 1 image. Ana García.")
        // A template without the time at its end says nothing that could be left out.
        #expect(speech.present(post, template: .standard(.minimal), now: speechNow).time == nil)
    }

    @Test func aPresetSavedBeforeOpeningsIsStillThatPreset() {
        for level in PostTemplate.Level.allCases {
            let current = PostTemplate.standard(level)
            let saved = PostTemplate(display: current.display, spoken: current.spoken.replacingOccurrences(of: "$opening $more", with: "$body"))
            #expect(saved.updated(for: level) == current)
        }
        let custom = PostTemplate(display: "$text", spoken: "$body ($author)")
        #expect(custom.updated(for: .full) == custom)
    }
}
