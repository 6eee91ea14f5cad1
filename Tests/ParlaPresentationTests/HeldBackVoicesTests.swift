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

    /// A poll's end says the results: the line does not say "Poll." before "Poll: …", and Right has nothing more.
    @Test func aPollsEndSaysPollOnceAndHoldsNothingBack() {
        let poll = MicroblogNotification(id: "n3", kind: .poll, createdAt: speechNow, account: anaAccount,
                                         post: samplePost("<p>Tea?</p>", poll: Poll(id: "p", expired: true, votesCount: 2,
                                                                                    options: [.init(title: "Yes", votesCount: 2), .init(title: "No", votesCount: 0)])))
        let output = speechText(.english).present(poll, now: speechNow, level: .full)
        #expect(output.spoken == "A poll you took part in has ended: Tea? Poll: Yes, 2 votes, 100 percent; No, 0 votes, 0 percent. 2 votes. Closed. just now")
        #expect(output.rest.isEmpty)
    }
}
