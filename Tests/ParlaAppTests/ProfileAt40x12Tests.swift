import Foundation
import MicroblogKit
import ParlaApp
import TerminalKit
import Testing

/// At 40×12 a long bio pushed "Relationship" off the profile as it opened: a low-vision user saw who the
/// person is but not whether they follow each other. The relationship now comes before the bio.
@Suite struct ProfileAt40x12Tests {
    @Test func aProfileWithALongBioOpensWithTheRelationshipInView() async throws {
        let lucia = account("5", "lucia", "Lucía Ortega", note: RichText(html: "<p>Consultora de accesibilidad en Madrid. Baja visión, lupa siempre a mano. Escribo sobre diseño para todas las personas.</p>"))
        let engine = FakeEngine.home([post("110", by: lucia, "<p>Hola</p>", minutesAgo: 5, language: "es")])
        engine.scripted.add(accounts: [lucia])
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        await h.press(.char("u"))
        #expect(h.lines == [
            " Lucía Ortega",
            " --------------------------------------",
            " > Handle: @lucia",
            "   Name: Lucía Ortega",
            "   Counts: 10 posts (no DMs), 5",
            "           followers, following 3",
            "   Relationship: you do not follow each",
            "                 other",
            "   Bio: Consultora de accesibilidad en",
            "        Madrid. Baja visión, lupa...",
            " --------------------------------------",
            "  [Back]  [Info]  [Follow]  [New post]",
        ])
    }
}
