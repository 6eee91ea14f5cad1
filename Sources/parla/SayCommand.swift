import ArgumentParser
import Foundation
import ParlaBase
import SpeechKit

/// `parla say [--lang L] [--rate R] TEXT`: says a text with the current settings to the chosen output.
struct SayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: Help.text("help.say-a-text-with-the-current"),
        discussion: Help.text("help.the-voice-follows-voice-else-lang")
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: Help.argument("help.the-text-to-say"))
    var text: [String]

    func run() throws {
        let environment = global.environment
        let directories = global.directories
        try directories.create()
        let localizer = try global.localizer()
        let resources = ResourceLocator.find(environment: environment, executable: ResourceLocator.currentExecutable())
        let setup = SpeechSetup(
            options: global.speech,
            voiceLanguage: SpeechSetup.defaultVoice(langOption: global.language, interface: global.interfaceLanguage),
            sounds: resources?.sounds, userSounds: directories.config.appendingPathComponent("sounds"), logFile: directories.logFile)
        setup.report(setup.notices, localizer: localizer, tell: tell)
        setup.queue.say(Utterance(text.joined(separator: " ")))
        setup.waitUntilDone()
        setup.report(setup.takeProblems(), localizer: localizer, tell: tell)
        setup.shutdown()
    }

    private func tell(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
