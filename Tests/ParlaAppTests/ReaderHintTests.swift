import Foundation
import ParlaBase
import Testing

/// The reader's keys named right in Spanish and Catalan (issue 26, item 8): "punto y coma" and "punt i coma" are
/// the semicolon; the keys are the full stop or the comma.
@Suite struct ReaderHintTests {
    @Test func theSpanishAndCatalanReaderHintsNameTheFullStopOrTheCommaNotTheSemicolon() async throws {
        var heard: [String] = []
        for language in [Language.spanish, .catalan] {
            let engine = FakeEngine()
            engine.setCached([spanishPost] + homePosts, in: "home")
            let h = try AppHarness(engine: engine, language: language)
            await h.open()
            await h.press(.char("x"))
            heard.append(String(h.texts.last?.split(separator: ". ").last ?? ""))
        }
        #expect(heard == [
            "Derecha e Izquierda leen palabra a palabra, Control+Derecha y Control+Izquierda o punto o coma frase a frase, Abajo y Arriba línea a línea.",
            "Dreta i Esquerra llegeixen paraula per paraula, Control+Dreta i Control+Esquerra o punt o coma frase per frase, Avall i Amunt línia per línia.",
        ])
    }
}
