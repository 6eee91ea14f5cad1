import Foundation
import Mastodon
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TestSupport
import Testing

/// Issue 26 item 20: poll options with the server's custom emoji were said raw (":hecker:"); they are named as
/// in the text, in the post, in the reader and on the vote screen.
@Suite struct PollEmojiTests {
    private let now = Date(timeIntervalSince1970: 1_772_366_400)
    private let localizer = TestLocalization.localizer()

    private func post() -> Post {
        let author = Account(id: "1", acct: "ana", username: "ana", displayName: "Ana", url: "https://example.social/@ana")
        let poll = Poll(id: "p", options: [.init(title: ":hecker: yes"), .init(title: "no :blob_cat:"), .init(title: "at 10:30:")])
        return Post(id: "1", createdAt: now.addingTimeInterval(-300), account: author, content: RichText(html: "<p>Vote :hecker:</p>"), poll: poll,
                    emojis: [CustomEmoji(shortcode: "hecker"), CustomEmoji(shortcode: "blob_cat")])
    }

    @Test func pollOptionsWithCustomEmojiAreNamedAsInTheText() {
        let speech = SpeechText(localizer: localizer, options: SpeechText.Options())
        // The all level reads the options (the default line flags the poll; the reader reads it).
        let presented = speech.present(post(), template: .standard(.all), now: now)
        #expect(presented.spoken.contains("Poll: hecker yes; no blob cat; at 10:30:."), "\(presented.spoken)")
        #expect(presented.display.contains("Poll: hecker yes · no blob cat · at 10:30:"), "\(presented.display)")
        #expect(!presented.spoken.contains(":hecker:"))
        let reading = SpeechTextPresenter().reading(post(), localizer: localizer, now: now, settings: PresentationSettings())
        #expect(reading.map(\.text).joined().contains("hecker yes"))
        #expect(!reading.map(\.text).joined().contains(":hecker:"))
        let options = SpeechTextPresenter().pollOptions(post().poll!, emojis: post().emojis ?? [], localizer: localizer)
        #expect(options.map(\.display) == ["hecker yes", "no blob cat", "at 10:30:"])
    }
}
