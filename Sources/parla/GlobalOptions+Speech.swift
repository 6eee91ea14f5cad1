import Foundation
import ParlaBase
import SpeechKit

extension GlobalOptions {
    /// Builds the speech path for an interactive command from the options.
    ///
    /// Whatever failed while setting it up (no sound device, no voice data, no speech-dispatcher)
    /// is said as an alert, written to stderr before the screen starts, and logged.
    func startSpeech(localizer: Localizer, directories: DataDirectories) -> SpeechSetup {
        let resources = ResourceLocator.find(environment: environment, executable: ResourceLocator.currentExecutable())
        let setup = SpeechSetup(
            options: speech,
            voiceLanguage: SpeechSetup.defaultVoice(langOption: language, interface: interfaceLanguage),
            sounds: resources?.sounds, logFile: directories.logFile)
        setup.report(setup.notices, localizer: localizer) { message in
            FileHandle.standardError.write(Data((message + "\n").utf8))
            setup.queue.say(Utterance(message, priority: .alert))
        }
        return setup
    }
}
