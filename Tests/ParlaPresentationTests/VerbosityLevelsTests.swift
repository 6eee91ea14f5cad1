import Foundation
import MicroblogKit
import ParlaBase
@testable import ParlaPresentation
import Testing

/// Each verbosity says no more of a post than the one above it: a link preview, descriptions, a poll's options and a
/// quote's words are said only at "all" (and in the reader); below it a timeline and a notification say the post's
/// body with short flags.
@Suite struct VerbosityLevelsTests {
    /// A mention with a link, its preview, a described image and a poll.
    static func mention() -> Post {
        var post = samplePost(#"<p>Slides are up: <a href="https://talks.example/a11y">https://talks.example/a11y</a></p>"#,
                              media: [MediaAttachment(id: "m", kind: .image, description: "The first slide")],
                              poll: Poll(id: "p", expired: false, options: [.init(title: "Yes"), .init(title: "No")]))
        post.card = LinkCard(url: "https://talks.example/a11y", title: "Accessible terminals", providerName: "Talks")
        return post
    }

    @Test func belowAllAPostIsItsBodyWithShortFlagsAndEachLevelSaysNoMore() {
        let post = Self.mention()
        let said = PostTemplate.Level.allCases.map { level in
            "\(level): " + speechText().present(post, template: .standard(level), now: speechNow).spoken
        }
        #expect(said == [
            "full: Ana García: Slides are up: link to talks.example. 1 image, poll. 5 minutes ago.",
            "short: Ana García: Slides are up: link to talks.example. 1 image, poll. 5 minutes ago.",
            "minimal: Ana García: Slides are up: link to talks.example. 1 image, poll.",
            "all: Ana García: Slides are up: link to talks.example. Link: Accessible terminals, Talks. Image: The first slide. Poll: Yes; No. "
                + "5 minutes ago.",
        ])
    }

    @Test func aMentionNotificationSaysThePostAsTheTimelineDoesAndItsPreviewOnlyAtAll() {
        let notification = MicroblogNotification(id: "n", kind: .mention, createdAt: speechNow, account: anaAccount, post: Self.mention())
        let full = speechText().present(notification, now: speechNow, level: .full)
        #expect(full.spoken == "Ana García mentioned you: Slides are up: link to talks.example. 1 image, poll. just now")
        let all = speechText().present(notification, now: speechNow, level: .all)
        #expect(all.spoken == "Ana García mentioned you: Slides are up: link to talks.example. Link: Accessible terminals, Talks. "
                + "Image: The first slide. just now")
        // The screen shows the whole post at every level.
        #expect(full.display == all.display)
    }

    @Test func aQuoteNotificationSaysWhichOfYourPostsWasQuoted() {
        var post = samplePost("<p>So true</p>", by: beaAccount)
        post.quote = Quote(state: .accepted, post: samplePost("<p>Terminals can be kind</p>"))
        let notification = MicroblogNotification(id: "n", kind: .quote, createdAt: speechNow, account: beaAccount, post: post)
        #expect(speechText().present(notification, now: speechNow, level: .full).spoken
                == "Bea cherry blossom quoted your post: So true. Quoting Ana García: Terminals can be kind. just now")
    }
}
