import Bluesky
import Foundation
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
import ParlaCommands
import ParlaPresentation
import Testing
import TestSupport

/// Issue 27, real data in line mode: what the live Bluesky network sent (the captured thread with an image
/// without alt and a quote, the AppView's home page), read by ``BlueskyClient``, printed and said by line mode
/// as it is, with Mastodon's JSON field names.
@Suite struct BlueskyRealDataLineTests {
    static let now = Date(timeIntervalSince1970: 1_772_366_400)

    @Test func aCapturedBlueskyThreadAndHomePageArePrintedAndSaidAsTheyAre() async throws {
        let posts = try await BlueskyRealDataScreenTests.realPosts()
        let formatter = LineFormatter(presenter: SpeechTextPresenter(), localizer: TestLocalization.localizer(.english), now: Self.now)
        let captured = formatter.paragraph(posts[0])
        #expect(captured.text == """
            Python SDK: Quoting Python SDK, 1 image without description. 2 years ago.
            Id at://did:plc:kvwvcn5iqfooopmyzvb4qzba/app.bsky.feed.post/3kaheyt6vpc22.
            """)
        #expect(captured.spoken == "Python SDK: Quoting Python SDK, 1 image without description. 2 years ago.")
        let json = try JSONSerialization.jsonObject(with: formatter.json(Array(posts.prefix(3)))) as? [[String: Any]] ?? []
        #expect(json.map { $0["id"] as? String ?? "" } == [
            "at://did:plc:kvwvcn5iqfooopmyzvb4qzba/app.bsky.feed.post/3kaheyt6vpc22",
            "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00005",
            "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00014",
        ])
        #expect(json.map { $0["acct"] as? String ?? "" } == ["test.marshal.dev", "dan.test", "carol.test"])
        #expect(json[0]["language"] as? String == "en")
        // The image without alt text has no description; the home page's reposts name what they repost.
        let media = json[0]["media"] as? [[String: Any]] ?? []
        #expect(media.count == 1 && media[0]["description"] == nil)
        #expect(json.dropFirst().map { $0["reblog_of"] as? String ?? "" } == [
            "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00000",
            "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00009",
        ])
    }
}
