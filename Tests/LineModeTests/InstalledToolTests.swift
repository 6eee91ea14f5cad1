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
}
