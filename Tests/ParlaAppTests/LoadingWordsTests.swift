import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import Testing

/// The doubled word in Spanish, "Cargando Cargando las versiones de la publicación" (issue 26, item 5): the
/// loading title says "Loading" once, in every language.
@Suite struct LoadingWordsTests {
    func harness(_ language: Language) async throws -> AppHarness {
        let engine = FakeEngine()
        engine.willBring([post("104", by: me, "<p>Mine</p>", minutesAgo: 1)], to: "home")
        let h = try AppHarness(engine: engine, language: language)
        await h.open()
        await h.press(.home)
        return h
    }

    @Test(arguments: [
        (Language.spanish, "Cargando las versiones de la publicación"),
        (Language.catalan, "Carregant les versions de la publicació"),
        (Language.english, "Loading the post's versions"),
    ])
    func loadingAPostsVersionsSaysLoadingOnce(language: Language, expected: String) async throws {
        let h = try await harness(language)
        h.app.handle(.char("H"))
        let said = try #require(h.texts.last)
        #expect(said.hasPrefix(expected + ","), "\(said)")
        #expect(said.components(separatedBy: expected.split(separator: " ")[0]).count == 2, "\(said)")
    }
}
