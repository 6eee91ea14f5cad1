import ArgumentParser
import CursesTerminal
import Foundation
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// `parla` / `parla open`: the interactive screen (or its line-mode form).
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open Parla's screen (the default command)."
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("theme"), help: "high-contrast (default), black-on-white, yellow-on-black or monochrome.")
    var theme: String = ThemeName.highContrast.rawValue

    @Flag(name: .customLong("line"), help: "Use plain line output even on a terminal.")
    var forceLine = false

    func validate() throws {
        if ThemeName(rawValue: theme) == nil {
            throw ValidationError("Unknown theme '\(theme)': use \(ThemeName.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run() throws {
        let environment = global.environment
        let directories = global.directories
        try directories.create()
        let localizer = try global.localizer()
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let charset = BoxCharset.detect(environment: environment)
        var mode = OutputMode.detect(stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, term: environment["TERM"])
        if forceLine { mode = .line }
        let screen = StartScreen(
            localizer: localizer, theme: ThemeName(rawValue: theme) ?? .highContrast,
            colorAllowed: !noColor && mode == .screen, charset: mode == .line ? .ascii : charset)
        let setup = global.startSpeech(localizer: localizer, directories: directories)
        defer { setup.shutdown() }
        var runner = AppRunner(screen: screen, speech: setup.queue)

        if mode == .screen {
            do {
                let terminal = try CursesTerminal(allowColor: !noColor, logFile: directories.logFile)
                defer { terminal.close() }
                runner.run(on: terminal)
                return
            } catch {
                let term = environment["TERM"] ?? ""
                FileHandle.standardError.write(Data((localizer.string("error.no-terminal", ["term": term]) + "\n").utf8))
            }
        }
        let lines = LineTerminal(size: LineTerminal.size(environment: environment)) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        lines.takeKeysDirectly()
        defer { lines.restoreInput() }
        runner.run(on: lines)
    }
}
