import Foundation
import ParlaBase
import SpeechKit

extension GlobalOptions {
    /// Builds the speech path for an interactive command from the options.
    ///
    /// Whatever failed while setting it up (no sound device, no voice data, no speech-dispatcher)
    /// is written to stderr before the screen starts, logged, and said as an alert unless `sayNotices`
    /// is false (the app says and shows them itself: ``SpeechSetup/notices``).
    func startSpeech(localizer: Localizer, directories: DataDirectories, sayNotices: Bool = true, realTime: Bool = false) -> SpeechSetup {
        let resources = ResourceLocator.find(environment: environment, executable: ResourceLocator.currentExecutable())
        let setup = SpeechSetup(
            options: speech,
            voiceLanguage: SpeechSetup.defaultVoice(langOption: language, interface: interfaceLanguage),
            sounds: resources?.sounds, userSounds: directories.config.appendingPathComponent("sounds"), logFile: directories.logFile,
            realTime: realTime)
        setup.report(setup.notices, localizer: localizer) { message in
            FileHandle.standardError.write(Data((message + "\n").utf8))
            if sayNotices { setup.queue.say(Utterance(message, priority: .alert)) }
        }
        return setup
    }
}
