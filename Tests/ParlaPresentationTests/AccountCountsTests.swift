import MicroblogKit
import ParlaPresentation
import TestSupport
import Testing

@Suite struct AccountCountsTests {
    @Test func singularAndPluralInEachLanguage() {
        let one = Account(id: "1", acct: "ana", username: "ana", displayName: "Ana", followersCount: 1, followingCount: 1, postsCount: 1)
        let many = Account(id: "2", acct: "ben", username: "ben", displayName: "Ben", followersCount: 12, followingCount: 0, postsCount: 42)
        #expect(one.counts(TestLocalization.localizer(.english)) == "1 post, 1 follower, following 1")
        #expect(many.counts(TestLocalization.localizer(.english)) == "42 posts, 12 followers, following 0")
        #expect(one.counts(TestLocalization.localizer(.spanish)) == "1 publicación, 1 seguidor, sigue a 1")
        #expect(many.counts(TestLocalization.localizer(.catalan)).hasPrefix("42 publicacions, 12 seguidors, "))
    }
}
