import ArgumentParser
import Foundation
import ParlaBase
import SpeechKit

extension PunctuationLevel: ExpressibleByArgument {}
extension CapitalsMode: ExpressibleByArgument {}
extension KeyEcho: ExpressibleByArgument {}

/// Which synthesiser speaks.
enum SpeechEngineChoice: String, CaseIterable, ExpressibleByArgument {
    case espeak, speechd, none
}

/// Where the sound goes: `device`, `device:NAME`, `wav:PATH` or `none`.
enum AudioChoice: Equatable {
    case device(String?)
    case wav(String)
    case none

    init?(_ text: String) {
        if text == "device" {
            self = .device(nil)
        } else if text.hasPrefix("device:"), text.count > 7 {
            self = .device(String(text.dropFirst(7)))
        } else if text.hasPrefix("wav:"), text.count > 4 {
            self = .wav(String(text.dropFirst(4)))
        } else if text == "none" {
            self = .none
        } else {
            return nil
        }
    }
}

/// Speech and sound options every command takes.
struct SpeechOptions: ParsableArguments {
    @Option(name: .customLong("speech"), help: Help.argument("help.synthesiser-espeak-default-speechd-or-none"))
    var speech: SpeechEngineChoice = .espeak

    @Option(name: .customLong("audio"), help: Help.argument("help.sound-output-device-default-devicename-wavpath"))
    var audio: String = "device"

    @Option(name: .customLong("transcript"), help: Help.argument("help.append-a-json-line-to-this"))
    var transcript: String?

    @Option(name: .customLong("voice"), help: Help.argument("help.voice-language-en-gb-en-us"))
    var voice: String?

    @Option(name: .customLong("rate"), help: Help.argument("help.speech-rate-in-words-per-minute"))
    var rate: Int?

    @Option(name: .customLong("pitch"), help: Help.argument("help.pitch-0-to-100-default-50"))
    var pitch: Int?

    @Option(name: .customLong("volume"), help: Help.argument("help.volume-in-percent-0-to-200"))
    var volume: Int?

    @Option(name: .customLong("punctuation"), help: Help.argument("help.punctuation-said-none-some-default-most"))
    var punctuation: PunctuationLevel?

    @Option(name: .customLong("capitals"), help: Help.argument("help.capitals-marked-by-none-default-pitch"))
    var capitals: CapitalsMode?

    @Option(name: .customLong("key-echo"), help: Help.argument("help.while-typing-say-none-characters-default"))
    var keyEcho: KeyEcho?

    @Flag(name: .customLong("no-sounds"), help: Help.argument("help.play-no-earcons"))
    var noSounds = false

    @Option(name: .customLong("sound-pack"), help: Help.argument("help.the-sound-pack-default-soft-or"))
    var soundPack: String?

    @Option(name: .customLong("sound-volume"), help: Help.argument("help.earcon-volume-0-100-default-100"))
    var soundVolume: Int?

    @Flag(name: .customLong("earcons-only"), help: Help.argument("help.earcons-only-no-speech-for-users"))
    var earconsOnly = false

    func validate() throws {
        if AudioChoice(audio) == nil {
            throw ValidationError(UsageMessages.text("line.usage.audio", ["audio": audio]))
        }
        if let rate, !VoiceSettings.rateRange.contains(rate) {
            throw ValidationError(UsageMessages.text("line.usage.rate"))
        }
        if let pitch, !VoiceSettings.pitchRange.contains(pitch) {
            throw ValidationError(UsageMessages.text("line.usage.pitch"))
        }
        if let volume, !VoiceSettings.volumeRange.contains(volume) {
            throw ValidationError(UsageMessages.text("line.usage.volume"))
        }
        if let soundVolume, !(0...100).contains(soundVolume) {
            throw ValidationError(UsageMessages.text("line.usage.sound-volume"))
        }
    }

    /// The settings these options ask for.
    ///
    /// - Parameter language: the voice language when `--voice` is not given (from `--lang` or the environment).
    func settings(language: String) -> SpeechSettings {
        var voice = VoiceSettings(language: self.voice ?? language)
        if let rate { voice.rate = rate }
        if let pitch { voice.pitch = pitch }
        if let volume { voice.volume = volume }
        if let punctuation { voice.punctuation = punctuation }
        if let capitals { voice.capitals = capitals }
        var settings = SpeechSettings(voice: voice, sounds: !noSounds, earconsOnly: earconsOnly)
        if let keyEcho { settings.keyEcho = keyEcho }
        return settings
    }
}
