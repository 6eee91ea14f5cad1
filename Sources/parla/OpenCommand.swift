import ArgumentParser
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
        let mode = InteractiveTerminal.mode(forceLine: forceLine, environment: environment)
        let screen = StartScreen(
            localizer: localizer, theme: ThemeName(rawValue: theme) ?? .highContrast,
            colorAllowed: !noColor && mode == .screen,
            charset: mode == .line ? .ascii : BoxCharset.detect(environment: environment))
        let setup = global.startSpeech(localizer: localizer, directories: directories)
        defer { setup.shutdown() }
        var runner = AppRunner(screen: screen, speech: setup.queue)
        InteractiveTerminal.run(mode: mode, environment: environment, directories: directories, localizer: localizer) {
            backend, _ in runner.run(on: backend)
        }
    }
}
