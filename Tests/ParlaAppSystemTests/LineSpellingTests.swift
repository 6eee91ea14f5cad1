import Foundation
import HunspellSpelling
import ParlaBase
import ParlaCommands
import Testing
import TestSupport

/// `parla spell`'s check and sentences, with the system's dictionaries and without them.
@Suite struct LineSpellingTests {
    @Test func withoutADictionaryTheCheckSaysWhichPackageToInstall() throws {
        let localizer = try Localizer(language: .spanish, directory: TestPaths.localization)
        #expect(throws: LineSpellingError.self) {
            _ = try LineSpelling.check("Hola", language: .spanish, dictionaries: HunspellDictionaries(directories: ["/nonexistent"]),
                                       personal: [], localizer: localizer)
        }
        #expect(LineSpellingError.noDictionary(.catalan).message(localizer)
            == "No hay ningún diccionario ortográfico de Catalán (Català) instalado (paquete de Debian hunspell-ca).")
        #expect(LineSpellingError.noDictionary(.catalan).exitCode == 78)
    }

    @Test func aWordWithoutSuggestionsIsSaidSo() throws {
        let localizer = try Localizer(language: .english, directory: TestPaths.localization)
        let result = try LineSpelling.check("zxqvbnmwk", language: .english, dictionaries: HunspellDictionaries(), personal: [], localizer: localizer)
        #expect(result.misspelt)
        #expect(result.output.paragraphs.map(\.text) == ["1 misspelt word.\nzxqvbnmwk (character 1): no suggestions."])
    }
}
