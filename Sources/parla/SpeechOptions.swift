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
    @Option(name: .customLong("speech"), help: "Synthesiser: espeak (default), speechd, or none (earcons stay unless --no-sounds).")
    var speech: SpeechEngineChoice = .espeak

    @Option(name: .customLong("audio"), help: "Sound output: device (default), device:NAME, wav:PATH, or none (speech made, sound dropped).")
    var audio: String = "device"

    @Option(name: .customLong("transcript"), help: "Append a JSON line to this file for every utterance, earcon and cut.")
    var transcript: String?

    @Option(name: .customLong("voice"), help: "Voice language: en-GB, en-US, es, ca or any eSpeak-NG language (default: --lang).")
    var voice: String?

    @Option(name: .customLong("rate"), help: "Speech rate in words per minute, 80 to 450 (default 175).")
    var rate: Int?

    @Option(name: .customLong("pitch"), help: "Pitch, 0 to 100 (default 50).")
    var pitch: Int?

    @Option(name: .customLong("volume"), help: "Volume in percent, 0 to 200 (default 100).")
    var volume: Int?

    @Option(name: .customLong("punctuation"), help: "Punctuation said: none, some (default), most or all.")
    var punctuation: PunctuationLevel?

    @Option(name: .customLong("capitals"), help: "Capitals marked by: none (default), pitch, sound or spell.")
    var capitals: CapitalsMode?

    @Option(name: .customLong("key-echo"), help: "While typing, say: none, characters (default) or words.")
    var keyEcho: KeyEcho?

    @Flag(name: .customLong("no-sounds"), help: "Play no earcons.")
    var noSounds = false

    @Option(name: .customLong("sound-pack"), help: "The sound pack: default, soft, or one of yours in <config>/sounds/NAME/.")
    var soundPack: String?

    @Option(name: .customLong("sound-volume"), help: "Earcon volume, 0-100 (default 100); speech keeps its own --volume.")
    var soundVolume: Int?

    @Flag(name: .customLong("earcons-only"), help: "Earcons only, no speech (for users of their own screen reader).")
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
