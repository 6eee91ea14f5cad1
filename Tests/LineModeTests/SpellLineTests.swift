import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// `parla spell`: the compose screen's Hunspell check in line mode, from the real binary.
@Suite(.serialized) struct SpellLineTests {
    let dataDir = TestPaths.temporaryDirectory("parla-spell")

    private func parla(_ arguments: [String], input: String? = nil) async throws -> Command.Result {
        try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path],
                                      environment: TestEnvironment.forParla, input: input.map { Data($0.utf8) })
    }

    @Test func misspeltWordsAreListedWithTheirSuggestionsAndTheStatusSaysSo() async throws {
        let checked = try await parla(["spell", "Typo in thsi post, recieve it", "--lang", "en"])
        #expect(checked.output == """
            2 misspelt words.
            thsi (character 9): this, sixths.
            recieve (character 20): receive, relieve, reverie.

            """, "\(checked.errors)")
        #expect(checked.status == 1)
        let clean = try await parla(["spell", "All is well here, @ana #birds https://example.com", "--lang", "en"])
        #expect(clean.output == "No spelling mistakes.\n")
        #expect(clean.status == 0)
    }

    @Test func jsonGivesEachWordItsPlaceAndSuggestions() async throws {
        let checked = try await parla(["spell", "Typo in thsi post", "--lang", "en", "--json"])
        #expect(checked.output == #"[{"position":9,"suggestions":["this","sixths"],"word":"thsi"}]"# + "\n")
        #expect(checked.status == 1)
    }

    @Test func theTextsLanguageIsLangAndStandardInputIsRead() async throws {
        let spanish = try await parla(["spell", "--lang", "es"], input: "Hola, esto es una prueba con herrores\n")
        #expect(spanish.output == "1 palabra mal escrita.\nherrores (carácter 30): herreros, errores, herrares, horrores, herrones.\n")
        let catalan = try await parla(["spell", "Bon dia a tothom, aixo es una prova", "--lang", "ca"])
        #expect(catalan.output == "1 paraula mal escrita.\naixo (caràcter 19): això, aido, aix, ixo, caixo.\n")
    }

    @Test func theUsersOwnWordsAreTakenAsRight() async throws {
        let config = dataDir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("thsi\n".utf8).write(to: config.appendingPathComponent("words.txt"))
        let checked = try await parla(["spell", "Typo in thsi post", "--lang", "en"])
        #expect(checked.output == "No spelling mistakes.\n")
        #expect(checked.status == 0)
    }
}
