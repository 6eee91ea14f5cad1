import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 26, item 17: `parla --help` and every command's help follow the interface language (`--lang`, else
/// the environment's locale), as everything else Parla prints does.
@Suite struct HelpLanguageTests {
    private func parla(_ arguments: [String], lang: String) async throws -> Command.Result {
        var environment = TestEnvironment.forParla
        environment["LANG"] = lang
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        return try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments, environment: environment)
    }

    @Test func issue26HelpIsInTheLanguageChosenOnTheCommandLineOrByTheEnvironment() async throws {
        let root = try await parla(["--help"], lang: "es_ES.UTF-8")
        #expect(root.status == 0, "\(root.errors)")
        #expect(root.output.hasPrefix("RESUMEN: Un cliente de microblog accesible, solo con teclado, para el terminal"), "\(root.output)")
        #expect(root.output.contains("\nUSO: parla <subcommand>\n"), "\(root.output)")
        #expect(root.output.contains("-h, --help              Muestra la ayuda."), "\(root.output)")
        #expect(root.output.contains("Mira 'parla help <orden>' para la ayuda detallada."), "\(root.output)")
        #expect(!root.output.contains("An accessible") && !root.output.contains("OPTIONS:"), "\(root.output)")

        let post = try await parla(["--lang", "es", "post", "--help"], lang: "C.UTF-8")
        #expect(post.status == 0, "\(post.errors)")
        #expect(post.output.hasPrefix("RESUMEN: Publica (TEXTO, o - para leerlo de la entrada estándar)."), "\(post.output)")
        #expect(post.output.contains("El id de la publicación a la que responde."), "\(post.output)")
        #expect(!post.output.contains("The id of the post this answers."), "\(post.output)")

        let catalan = try await parla(["help", "timeline"], lang: "ca_ES.UTF-8")
        #expect(catalan.output.hasPrefix("RESUM: Llegeix una cronologia"), "\(catalan.output)")
        #expect(catalan.output.contains("Quina cronologia (home per defecte). (per defecte: home)"), "\(catalan.output)")
        let english = try await parla(["timeline", "--help"], lang: "en_GB.UTF-8")
        #expect(english.output.hasPrefix("OVERVIEW: Read a timeline: home, mentions"), "\(english.output)")
    }
}
