import Foundation
import ParlaApp
import Testing

/// A profile said "5 posts" above a list of 6 (issue 26, item 8): Mastodon's count leaves out direct messages,
/// which the account's posts list to the user when they are in them. The count says so.
@Suite struct ProfileCountsTests {
    @Test func aProfilesPostCountSaysItLeavesDirectMessagesOut() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("u"), .tab, .tab)
        #expect(h.texts.last == "Counts, label, 42 posts besides direct messages, 12 followers, following 7")
    }

    @Test func theCountIsSaidInTheInterfacesLanguage() async throws {
        let h = try AppHarness(language: .catalan)
        await h.open()
        await h.press(.char("u"), .tab, .tab)
        #expect(h.texts.last?.contains("42 publicacions sense comptar els missatges directes, 12 seguidors") == true, "\(h.texts.last ?? "")")
    }
}
