import ArgumentParser
import CursesTerminal
import Foundation
import Gallery
import LVControls
import ParlaBase
import SpeechKit
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// `parla gallery`: the thesis's study apps rebuilt with the accessible controls.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Try the accessible controls in the study apps of the thesis."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .customLong("line"), help: "Use plain line output even on a terminal.")
    var forceLine = false

    func run() throws {
        let environment = global.environment
        let directories = global.directories
        try directories.create()
        let localizer = try global.localizer()
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        var mode = OutputMode.detect(stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, term: environment["TERM"])
        if forceLine { mode = .line }
        let ascii = mode == .line || BoxCharset.detect(environment: environment) == .ascii
        let setup = global.startSpeech(localizer: localizer, directories: directories)
        defer { setup.shutdown() }
        let store = FileSettingsStore(configDirectory: directories.config)
        func host(on backend: any TerminalBackend, color: Bool) -> ScreenHost {
            GalleryApp.makeHost(backend: backend, speech: setup.queue, clock: SystemClock(), localizer: localizer, store: store,
                                colorAllowed: color, ascii: ascii)
        }
        if mode == .screen {
            do {
                let terminal = try CursesTerminal(allowColor: !noColor, logFile: directories.logFile)
                defer { terminal.close() }
                host(on: terminal, color: !noColor).run()
                return
            } catch {
                let term = environment["TERM"] ?? ""
                FileHandle.standardError.write(Data((localizer.string("error.no-terminal", ["term": term]) + "\n").utf8))
            }
        }
        let lines = LineTerminal(size: LineTerminal.size(environment: environment)) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        host(on: lines, color: false).run()
    }
}
