import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

/// A profile said "5 posts" above a list of 6: Mastodon's count of posts leaves direct messages out, while
/// the list of the user's posts holds those the viewer is in. The count says so, short on a 40×12 screen
/// (which keeps the relationship in view) and whole in speech.
@Suite struct ProfilePostCountTests {
    @Test(arguments: [
        (Language.english, " > Counts: 10 posts (no DMs), 5", "           followers, following 3", "   Relationship: This is you",
         "Counts, label, 10 posts, not counting direct messages, 5 followers, following 3"),
        (Language.spanish, " > Cifras: 10 publicaciones (sin MD), 5", "           seguidores, sigue a 3", "   Relación: Eres tú",
         "Cifras, etiqueta, 10 publicaciones, sin contar los mensajes directos, 5 seguidores, sigue a 3"),
        (Language.catalan, " > Xifres: 10 publicacions (sense MD),", "           5 seguidors, segueix 3", "   Relació: Ets tu",
         "Xifres, etiqueta, 10 publicacions, sense comptar els missatges directes, 5 seguidors, segueix 3"),
    ])
    func aProfilesPostCountSaysItLeavesOutDirectMessagesAndKeepsTheRelationshipOnScreen(
        language: Language, countsLine: String, countsNext: String, relationship: String, spoken: String
    ) async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12), language: language)
        await h.open()
        await h.press(.char("m"), .tab, .tab)
        #expect(Array(h.lines[4...6]) == [countsLine, countsNext, relationship])
        #expect(h.texts.last == spoken)
        #expect(h.cursor?.y == 4)
    }

    @Test func aBlueskyProfileCountsItsPostsPlainly() async throws {
        let engine = FakeEngine()
        engine.scripted.setCapabilities(.bluesky)
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        await h.press(.char("m"), .tab, .tab)
        #expect(h.lines[4] == " > Counts: 10 posts, 5 followers,")
        #expect(h.texts.last == "Counts, label, 10 posts, 5 followers, following 3")
    }
}
