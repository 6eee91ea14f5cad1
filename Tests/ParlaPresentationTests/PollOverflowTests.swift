import Foundation
import Mastodon
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TestSupport
import Testing

/// Issue 20, "Crashes": poll `votes_count` values that overflow when summed or do not fit crashed
/// `timeline` and the screen (SpeechText+Post.swift:159, :165), and kept crashing on the cached post.
@Suite struct PollOverflowTests {
    private let now = Date(timeIntervalSince1970: 1_772_366_400)
    private let speech = SpeechText(localizer: TestLocalization.localizer(), options: SpeechText.Options())

    private func post(_ poll: Poll) -> Post {
        let author = Account(id: "1", acct: "ana", username: "ana", displayName: "Ana", url: "https://example.social/@ana")
        return Post(id: "1", createdAt: now.addingTimeInterval(-300), account: author, content: RichText(html: "<p>Vote</p>"), poll: poll)
    }

    @Test func issue20PollVotesThatOverflowWhenSummedAreShownAtHalfEach() {
        let half = 4_611_686_018_427_387_904
        let poll = Poll(id: "p", votesCount: Int.max, options: [.init(title: "yes", votesCount: half), .init(title: "no", votesCount: half)])
        let text = speech.poll(poll, now: now)
        #expect(text.display == "Poll: yes 50% (4611686018427387904) · no 50% (4611686018427387904) · 9223372036854775807 votes")
        #expect(text.spoken == "Poll: yes, 4611686018427387904 votes, 50 percent; no, 4611686018427387904 votes, 50 percent. 9223372036854775807 votes.")
    }

    @Test func issue20PollVotesThatDoNotFitOrAreNegativeCountAsZero() {
        let poll = Poll(id: "p", votesCount: -5, options: [
            .init(title: "yes", votesCount: Int.max), .init(title: "no", votesCount: -9_223_372_036_854_775_806),
        ])
        let text = speech.poll(poll, now: now)
        #expect(text.display == "Poll: yes 100% (9223372036854775807) · no 0% (0) · 0 votes")
        // The whole post (what `timeline` and the screen present) reads too.
        let presented = speech.present(post(poll), template: .standard(.all), now: now)
        #expect(presented.spoken.contains("Poll: yes, 9223372036854775807 votes, 100 percent; no, 0 votes, 0 percent."), "\(presented.spoken)")
    }

    @Test func issue20AllNegativeVotesSayZeroPercent() {
        let poll = Poll(id: "p", votesCount: 0, options: [.init(title: "a", votesCount: Int.min), .init(title: "b", votesCount: Int.min)])
        #expect(speech.poll(poll, now: now).display == "Poll: a 0% (0) · b 0% (0) · 0 votes")
    }
}
