import Foundation
import ParlaApp
import ParlaBase
import TerminalKit
import Testing

/// A profile's counts stay true as the user follows and unfollows from it: the server answers with the
/// relationship alone, and "12 followers" stayed on screen after following.
@Suite struct ProfileCountsTests {
    @Test func followingAndUnfollowingChangeTheFollowersCountShown() async throws {
        let h = try AppHarness(size: Size(width: 80, height: 24))
        await h.open()
        await h.press(.char("u"))
        #expect(h.lines[4] == "   Counts: 42 posts (no DMs), 12 followers, following 7")
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "follow 1 true")
        #expect(h.lines[4] == "   Counts: 42 posts (no DMs), 13 followers, following 7")
        await h.press(.enter, .enter)
        #expect(h.engine.calls.last == "follow 1 false")
        #expect(h.lines[4] == "   Counts: 42 posts (no DMs), 12 followers, following 7")
    }

    /// The profile's toolbar at 40 columns in Spanish and Catalan shows Unfollow in its short form, "[Dejar]", rather
    /// than "[Dejar d…"; it is still said whole.
    @Test func theProfilesUnfollowFitsTheToolbarAt40ColumnsInSpanishAndCatalan() async throws {
        for (language, bar, said) in [(Language.spanish, "  [Atrás]  [Info]> [Dejar]  [Publicar]", "Dejar de seguir, botón"),
                                      (.catalan, "  [Enrere]  [Info]> [Deixa]  [Publica]", "Deixa de seguir, botó")] {
            let h = try AppHarness(size: Size(width: 40, height: 12), language: language)
            await h.open()
            await h.press(.char("u"), .f(2), .enter)
            #expect(h.lines[11] == bar)
            await h.press(.tab, .backTab)
            #expect(h.texts.last?.hasPrefix(said) == true, "\(h.texts.suffix(2))")
        }
    }
}
