import Foundation
import MicroblogKit
import ParlaPresentation
import Testing

/// What Right says of a post (``SpeechText/Output/rest``) is in the voices the whole post would be: the
/// author's words in the post's language, the interface's words ("Poll:", "Image:", an emoji's name) in the
/// interface's.
@Suite struct HeldBackVoicesTests {
    @Test func theRestOfACatalanPostSaysAnEmojisNameAndThePollInTheInterfacesVoice() {
        let poll = Poll(id: "p1", votesCount: 3, options: [.init(title: "Pa de sègol", votesCount: 2), .init(title: "Pa de blat", votesCount: 1)])
        let post = samplePost("<p>Demà obrim a les vuit com sempre. El pa de sègol 🍞 arriba a primera hora, i el de blat una mica més tard.</p>",
                              language: "ca", poll: poll)
        let output = speechText(.english).present(post, template: .standard(.full), now: speechNow)
        #expect(output.spoken == "Ana García: Demà obrim a les vuit com sempre. More. Poll. 5 minutes ago.")
        #expect(output.rest == [
            .init("El pa de sègol ", language: "ca"), .init("bread"), .init(" arriba a primera hora, i el de blat una mica més tard.", language: "ca"),
            .init(" Poll: "), .init("Pa de sègol", language: "ca"), .init(", 2 votes, 67 percent; "), .init("Pa de blat", language: "ca"),
            .init(", 1 vote, 33 percent. 3 votes."),
        ])
    }

    /// A notification's post holds back as a timeline's does: Right says the rest, then the picture's description.
    @Test func aMentionsRestEndsWithItsPicturesDescription() {
        let post = samplePost("<p>@owner We are doing a show about local tech projects next month. Would you like to come on and talk about it?</p>",
                              media: [MediaAttachment(id: "1", kind: .image, description: "The studio's microphone")])
        let notification = MicroblogNotification(id: "n1", kind: .mention, createdAt: speechNow.addingTimeInterval(-300), account: anaAccount, post: post)
        let output = speechText(.english).present(notification, now: speechNow, level: .full)
        #expect(output.spoken == "Ana García mentioned you: @owner We are doing a show about local tech projects next month. More. 1 image. 5 minutes ago")
        #expect(output.rest.map(\.text).joined() == "Would you like to come on and talk about it? Image: The studio's microphone.")
    }

    /// A poll's end says which option won, by how much, and the user's vote, not every option's count: Right says those.
    /// "Poll." is not said before it, nor "Closed" after "has ended".
    @Test func aPollsEndSaysWhichOptionWonAndRightEveryOptionsVotes() {
        let poll = MicroblogNotification(id: "n3", kind: .poll, createdAt: speechNow, account: anaAccount,
                                         post: samplePost("<p>Tea?</p>", poll: Poll(id: "p", expired: true, votesCount: 3,
                                                                                    options: [.init(title: "Yes", votesCount: 2), .init(title: "No", votesCount: 1)],
                                                                                    voted: true, ownVotes: [1])))
        let output = speechText(.english).present(poll, now: speechNow, level: .full)
        #expect(output.spoken == "A poll you took part in has ended: Tea? Most votes: Yes, 67 percent. 3 votes. You voted for No. just now")
        #expect(output.rest.map { $0.text }.joined() == "Poll: Yes, 2 votes, 67 percent; No, 1 vote, 33 percent.")
        // A tie names each option; in Spanish, in Spanish.
        let tied = MicroblogNotification(id: "n4", kind: .poll, createdAt: speechNow, account: anaAccount,
                                         post: samplePost("<p>¿Té?</p>", language: "es", poll: Poll(id: "p", expired: true, votesCount: 2,
                                                                                                      options: [.init(title: "Sí", votesCount: 1), .init(title: "No", votesCount: 1)])))
        #expect(speechText(.spanish).present(tied, now: speechNow, level: .full).spoken
                == "Ha terminado una encuesta en la que participaste: ¿Té? Más votadas, empatadas: Sí, No, 50 por ciento cada una. 2 votos. ahora mismo")
        // At "all" the line says every option, as before.
        #expect(speechText(.english).present(poll, now: speechNow, level: .all).spoken
                == "A poll you took part in has ended: Tea? Poll: Yes, 2 votes, 67 percent; No, 1 vote, 33 percent. 3 votes. You voted for No. Closed. just now")
    }

    /// A quote notification quotes the user's own post: the line says its opening, and Right says the quoting post's
    /// rest, then the quoted post's, each in its language's voice, with the interface's words in the interface's.
    @Test func aQuoteNotificationSaysTheOpeningOfYourPostAndRightItsRest() {
        var post = samplePost("<p>Exacto. Lo he probado en la radio comunitaria y funciona muy bien con lectores de pantalla, de verdad.</p>",
                              by: beaAccount, language: "es")
        post.quote = Quote(state: .accepted, post: samplePost(
            "<p>Reading the home timeline with my eyes closed, just listening. It is strangely relaxing, and I find I hear more of it.</p>",
            media: [MediaAttachment(id: "1", kind: .image, description: "A terminal")]))
        let notification = MicroblogNotification(id: "n", kind: .quote, createdAt: speechNow, account: beaAccount, post: post)
        let output = speechText(.english).present(notification, now: speechNow, level: .full)
        #expect(output.spoken == "Bea cherry blossom quoted your post: Exacto. More. "
                + "Quoting Ana García: Reading the home timeline with my eyes closed, just listening. just now")
        #expect(output.rest == [
            .init("Lo he probado en la radio comunitaria y funciona muy bien con lectores de pantalla, de verdad.", language: "es"),
            .init(" The quoted post goes on: It is strangely relaxing, and I find I hear more of it. Image: A terminal."),
        ])
        // A short quoted post is said whole, and Right has only the quoting post's rest.
        post.quote = Quote(state: .accepted, post: samplePost("<p>Terminals can be kind.</p>"))
        let short = speechText(.english).present(MicroblogNotification(id: "n", kind: .quote, createdAt: speechNow, account: beaAccount, post: post),
                                                 now: speechNow, level: .full)
        #expect(short.spoken == "Bea cherry blossom quoted your post: Exacto. More. Quoting Ana García: Terminals can be kind. just now")
        #expect(short.rest.map(\.text).joined() == "Lo he probado en la radio comunitaria y funciona muy bien con lectores de pantalla, de verdad.")
    }
}
