import Foundation
import ParlaBase
import SystemTestSupport
import Testing
import TestSupport

/// Issue 31: Parla installed like a real tool. `make install` itself needs the release build (ten minutes
/// and more), so these tests check with the debug binary each piece it installs: the version, the manual
/// page, the completions, and a copy of the binary in an installed tree finding its resources in
/// `share/parla`.
@Suite(.serialized) struct InstalledToolTests {
    private var environment: [String: String] {
        var environment = TestEnvironment.forParla
        environment["PARLA_RESOURCES"] = nil
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LANGUAGE"] = nil
        return environment
    }

    private func run(_ arguments: [String], in folder: URL? = nil) async throws -> Command.Result {
        var arguments = arguments
        if let folder { arguments = ["/usr/bin/env", "-C", folder.path] + arguments }
        return try await Command.runDetached(arguments, environment: environment)
    }

    @Test func issue31VersionComesFromOnePlaceAndFollowsTheInterfaceLanguage() async throws {
        let english = try await run([TestPaths.parlaExecutable.path, "--version"])
        #expect(english.status == 0, "\(english.errors)")
        #expect(english.output == "Parla \(ParlaVersion.current)\n")

        // The Makefile (the package, the manual page) reads the same line.
        let make = try await run(["make", "-s", "print-version"], in: TestPaths.repositoryRoot)
        #expect(make.output == ParlaVersion.current + "\n", "\(make.errors)")

        let spanish = try await run([TestPaths.parlaExecutable.path, "--lang", "es", "--version", "--verbose"])
        #expect(spanish.status == 0, "\(spanish.errors)")
        let lines = spanish.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Parla, versión \(ParlaVersion.current)")
        let prefixes = ["eSpeak-NG: versión ", "ncurses: versión ", "SQLite: versión 3.", "pcaudiolib: libpcaudio.so.0",
                        "speech-dispatcher: libspeechd.so.2", "Hunspell: libhunspell-1.7.so.0"]
        #expect(lines.count == prefixes.count + 1, "\(lines)")
        for (line, prefix) in zip(lines.dropFirst(), prefixes) {
            #expect(line.hasPrefix(prefix), "\(line)")
        }
        #expect(lines[1].contains(" (libespeak-ng.so.1."), "\(lines[1])")

        var catalan = environment
        catalan["LANG"] = "ca_ES.UTF-8"
        let help = try await Command.runDetached([TestPaths.parlaExecutable.path, "--help"], environment: catalan)
        #expect(help.output.contains("--version               Mostra la versió."), "\(help.output)")
    }

    @Test func issue31ManualPageRendersWithoutWarningsAndNamesEveryCommand() async throws {
        let page = TestPaths.repositoryRoot.appendingPathComponent("Scripts/man/parla.1").path
        let groff = try await run(["groff", "-mandoc", "-Tutf8", "-ww", "-z", page])
        #expect(groff.status == 0 && groff.errors.isEmpty, "\(groff.errors)")

        var environment = self.environment
        environment["MANWIDTH"] = "80"
        environment["MANPAGER"] = "cat"
        let man = try await Command.runDetached(["man", "-l", page], environment: environment)
        #expect(man.status == 0, "\(man.errors)")
        let rendered = man.output.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "KEYS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "ACCESSIBILITY"] {
            #expect(rendered.contains("\n" + heading + "\n"), "no \(heading)")
        }
        #expect(rendered.split(separator: "\n").allSatisfy { $0.count <= 80 })

        // Every command the parser knows is in the page, and every option of `timeline`.
        let dump = try await run([TestPaths.parlaExecutable.path, "--experimental-dump-help"])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let command = try #require(info["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        let source = try String(contentsOfFile: page, encoding: .utf8)
        for subcommand in subcommands {
            let name = try #require(subcommand["commandName"] as? String)
            // A command with an alias is listed as `.It Em "unfavourite, unfavorite"`.
            #expect(source.contains(".It Em " + name + "\n") || source.contains(".It Em \"" + name + ","), "no \(name)")
        }
        #expect(subcommands.count > 40)
    }

    /// `make manual` writes the page from the commands' definitions: the page in the repository is what it
    /// would write now (a command or option changed without `make manual` fails here).
    @Test func issue31ManualPageIsUpToDateWithTheCommandDefinitions() async throws {
        let tool = TestPaths.parlaExecutable.deletingLastPathComponent().appendingPathComponent("generate-manual").path
        try #require(FileManager.default.isExecutableFile(atPath: tool), "generate-manual is not built: make test builds it")
        var environment = self.environment
        environment["PARLA_RESOURCES"] = TestPaths.repositoryRoot.path
        let generated = try await Command.runDetached([tool, TestPaths.parlaExecutable.path, "-o", "-"], environment: environment)
        #expect(generated.status == 0, "\(generated.errors)")
        let committed = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("Scripts/man/parla.1"), encoding: .utf8)
        let withoutDate = { (page: String) in page.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(".Dd ") } }
        let commands = withoutDate(generated.output).prefix { $0 != ".Sh \"EXIT STATUS\"" }
        #expect(Array(withoutDate(committed).prefix(commands.count)) == Array(commands), "run make manual")
        #expect(committed.hasSuffix(try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("Scripts/man/parla.1.sections"), encoding: .utf8)))
    }

    @Test func issue31CompletionsAreGeneratedForBashZshAndFish() async throws {
        let folder = TestPaths.temporaryDirectory("parla-completions")
        defer { try? FileManager.default.removeItem(at: folder) }
        let make = try await run(
            ["make", "-s", "completions", "PARLA=" + TestPaths.parlaExecutable.path, "COMPLETIONS_OUT=" + folder.path],
            in: TestPaths.repositoryRoot)
        #expect(make.status == 0, "\(make.errors)")
        let bash = try String(contentsOf: folder.appendingPathComponent("parla"), encoding: .utf8)
        let zsh = try String(contentsOf: folder.appendingPathComponent("_parla"), encoding: .utf8)
        let fish = try String(contentsOf: folder.appendingPathComponent("parla.fish"), encoding: .utf8)
        #expect(bash.hasSuffix("complete -o filenames -F _parla parla\n"), "\(bash.suffix(200))")
        #expect(bash.contains("--version -h --help)"))
        #expect(zsh.hasPrefix("#compdef parla"))
        #expect(zsh.contains("'--version[Show the version.]'"))
        #expect(fish.contains("complete -c 'parla' -n '__parla_should_offer_completions_for_flags_or_options \"parla\" version' -l 'version'"))
        for script in [bash, zsh, fish] {
            #expect(script.contains("timeline"))
        }
        let syntax = try await run(["bash", "-n", folder.appendingPathComponent("parla").path])
        #expect(syntax.status == 0, "\(syntax.errors)")
    }

    /// Issue 31's must-show, with the debug build: `make install-files` (what `make install` does after the
    /// release build) into a staging root with PREFIX=/usr, then the installed binary run from there with
    /// PARLA_RESOURCES unset; `make uninstall` then leaves none of its files.
    @Test func issue31MakeInstallGivesAToolThatRunsFromItsInstalledTree() async throws {
        let root = TestPaths.temporaryDirectory("parla-installed")
        defer { try? FileManager.default.removeItem(at: root) }
        let completions = TestPaths.temporaryDirectory("parla-install-completions")
        defer { try? FileManager.default.removeItem(at: completions) }
        let install = try await run(
            ["make", "-s", "install-files", "INSTALL_BIN=" + TestPaths.parlaExecutable.path, "DESTDIR=" + root.path, "PREFIX=/usr",
             "BUILD_DIR=" + completions.path],
            in: TestPaths.repositoryRoot)
        #expect(install.status == 0, "\(install.errors)")
        let files = FileManager.default
        for path in ["usr/bin/parla", "usr/share/parla/Localization/es", "usr/share/parla/Sounds", "usr/share/man/man1/parla.1",
                     "usr/share/doc/parla/README.md", "usr/share/bash-completion/completions/parla", "usr/share/zsh/site-functions/_parla",
                     "usr/share/fish/vendor_completions.d/parla.fish"] {
            #expect(files.fileExists(atPath: root.appendingPathComponent(path).path), "\(path) not installed")
        }
        let parla = root.appendingPathComponent("usr/bin/parla").path
        let data = root.appendingPathComponent("data").path

        let version = try await run([parla, "--lang", "es", "--version"])
        #expect(version.output == "Parla, versión \(ParlaVersion.current)\n", "\(version.errors)")

        let timeline = try await run([parla, "timeline", "home", "--limit", "5", "--data-dir", data, "--lang", "es"])
        #expect(timeline.status == 0, "\(timeline.errors)")
        #expect(timeline.output.components(separatedBy: "\nId ").count == 6, "\(timeline.output)")

        let wav = root.appendingPathComponent("hola.wav")
        let say = try await run([parla, "say", "--lang", "es", "--audio", "wav:" + wav.path, "--data-dir", data, "Hola"])
        #expect(say.status == 0, "\(say.errors)")
        let sound = try Data(contentsOf: wav)
        #expect(sound.prefix(4) == Data("RIFF".utf8) && sound.count > 4_000)

        var manual = environment
        manual["MANWIDTH"] = "80"
        let man = try await Command.runDetached(["man", "-l", root.appendingPathComponent("usr/share/man/man1/parla.1").path], environment: manual)
        #expect(man.status == 0 && man.output.contains("parla"), "\(man.errors)")

        let uninstall = try await run(["make", "-s", "uninstall", "DESTDIR=" + root.path, "PREFIX=/usr"], in: TestPaths.repositoryRoot)
        #expect(uninstall.status == 0, "\(uninstall.errors)")
        #expect(!files.fileExists(atPath: root.appendingPathComponent("usr/bin/parla").path))
        #expect(!files.fileExists(atPath: root.appendingPathComponent("usr/share/parla").path))
        #expect(!files.fileExists(atPath: root.appendingPathComponent("usr/share/man/man1/parla.1").path))
    }
}
