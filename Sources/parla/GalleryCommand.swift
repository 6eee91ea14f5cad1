import ArgumentParser
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
        abstract: Help.text("help.try-the-accessible-controls-in-the")
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .customLong("line"), help: Help.argument("help.use-plain-line-output-even-on"))
    var forceLine = false

    func run() throws {
        let environment = global.environment
        let directories = global.directories
        try directories.create()
        let localizer = try global.localizer()
        let mode = InteractiveTerminal.mode(forceLine: forceLine, environment: environment)
        let ascii = mode == .line || BoxCharset.detect(environment: environment) == .ascii
        let setup = global.startSpeech(localizer: localizer, directories: directories)
        defer { setup.shutdown() }
        let store = FileSettingsStore(configDirectory: directories.config)
        InteractiveTerminal.run(mode: mode, environment: environment, directories: directories, localizer: localizer) {
            backend, color in
            GalleryApp.makeHost(backend: backend, speech: setup.queue, clock: SystemClock(), localizer: localizer,
                                store: store, colorAllowed: color, ascii: ascii).run()
        }
    }
}
