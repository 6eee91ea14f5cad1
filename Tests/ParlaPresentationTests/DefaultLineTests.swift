import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Testing

/// Issue 26 item 4: the default line is what TWBlue users know, author, text and time, with short flags
/// for what it does not read whole; counts, link previews and descriptions are left to the `all` level
/// and the reader.
@Suite struct DefaultLineTests {
    let speech = speechText()

    @Test func theDefaultLineLeavesCountsToTheAllLevel() {
        let post = samplePost("<p>Popular</p>", replies: 1, boosts: 2, favourites: 30)
        #expect(speech.present(post, template: .standard(.full), now: speechNow).spoken == "Ana García: Popular. 5 minutes ago.")
        #expect(speech.present(post, template: .standard(.all), now: speechNow).spoken
            == "Ana García: Popular. 5 minutes ago. 1 reply, 2 boosts, 30 favourites.")
    }

    @Test func mediaAndPollsAreShortFlagsThatSayWhetherTheMediaAreDescribed() {
        let described = samplePost("<p>Look</p>", media: [MediaAttachment(id: "1", kind: .image, description: "A cat on a sofa"),
                                                          MediaAttachment(id: "2", kind: .image, description: "A dog")],
                                   poll: Poll(id: "p", expired: true, options: [.init(title: "Tea"), .init(title: "Coffee")]))
        #expect(speech.present(described, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Look. 2 images, poll. 5 minutes ago.")
        let undescribed = samplePost("<p>Look</p>", media: [MediaAttachment(id: "1", kind: .image, description: "A cat"),
                                                            MediaAttachment(id: "2", kind: .video)])
        #expect(speech.present(undescribed, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Look. 2 attachments without description. 5 minutes ago.")
        #expect(speechText(.spanish).present(undescribed, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Look. 2 adjuntos sin descripción. hace 5 minutos.")
    }

    @Test func aVideosAndASoundsLengthFollowTheirFlagWhenThePostCarriesIt() {
        let video = samplePost("<p>Look</p>", media: [MediaAttachment(id: "1", kind: .video, duration: 88.654)])
        #expect(speech.present(video, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Look. 1 video without description, 1 minute 29 seconds. 5 minutes ago.")
        #expect(speechText(.spanish).present(video, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Look. 1 vídeo sin descripción, 1 minuto 29 segundos. hace 5 minutos.")
        let mixed = samplePost("<p>Look</p>", media: [MediaAttachment(id: "1", kind: .image, description: "A cat"),
                                                      MediaAttachment(id: "2", kind: .audio, description: "Rain", duration: 402.86)])
        #expect(speech.present(mixed, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Look. 2 attachments, 6 minutes 43 seconds. 5 minutes ago.")
        // Without a length from the server, the flag stays as it was; a hidden sensitive attachment says no more.
        let unmeasured = samplePost("<p>Look</p>", media: [MediaAttachment(id: "1", kind: .video, description: "A heron")])
        #expect(speech.present(unmeasured, template: .standard(.full), now: speechNow).spoken == "Ana García: Look. 1 video. 5 minutes ago.")
    }

    @Test func aContentWarningIsReadAndWhatItHidesIsNotFlagged() {
        let post = samplePost("<p>Secret</p>", spoiler: "Spoilers", media: [MediaAttachment(id: "1", kind: .image)])
        #expect(speech.present(post, template: .standard(.full), now: speechNow).spoken
            == "Ana García: Content warning: Spoilers. 5 minutes ago.")
    }
}
