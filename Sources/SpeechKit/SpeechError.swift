import ParlaBase

/// Everything that can go wrong in speech and sound, each with a speakable localized message.
///
/// None of these stops Parla: speech or sound is turned off and the user is told once.
public enum SpeechError: Error, Sendable, Hashable {
    /// eSpeak-NG's data folder is missing or unreadable.
    case voiceDataMissing(detail: String)
    /// No voice for the language; the default voice is used instead.
    case voiceUnavailable(language: String)
    /// No sound device could be opened.
    case audioDeviceUnavailable(detail: String)
    /// speech-dispatcher is not running or refused the connection.
    case speechDispatcherUnavailable(detail: String)
    /// An output file could not be written.
    case fileNotWritable(path: String, detail: String)
    /// A sound file is missing.
    case soundMissing(name: String, path: String)
    /// A sound file is not a 16-bit PCM WAV file.
    case soundUnreadable(path: String, detail: String)
    /// The synthesiser failed on an utterance.
    case synthesisFailed(detail: String)

    /// The key of the message in `Localization/<lang>/speech.json`.
    public var localizationKey: String {
        switch self {
        case .voiceDataMissing: "speech.error.voice-data-missing"
        case .voiceUnavailable: "speech.error.voice-unavailable"
        case .audioDeviceUnavailable: "speech.error.audio-device-unavailable"
        case .speechDispatcherUnavailable: "speech.error.speechd-unavailable"
        case .fileNotWritable: "speech.error.file-not-writable"
        case .soundMissing: "speech.error.sound-missing"
        case .soundUnreadable: "speech.error.sound-unreadable"
        case .synthesisFailed: "speech.error.synthesis-failed"
        }
    }

    /// The values of the message's placeholders.
    public var arguments: [String: String] {
        switch self {
        case .voiceDataMissing(let detail), .audioDeviceUnavailable(let detail),
            .speechDispatcherUnavailable(let detail), .synthesisFailed(let detail):
            ["detail": TextSafety.stripped(detail)]
        case .voiceUnavailable(let language): ["language": language]
        case .fileNotWritable(let path, let detail), .soundUnreadable(let path, let detail):
            ["path": TextSafety.stripped(path), "detail": TextSafety.stripped(detail)]
        case .soundMissing(let name, let path): ["name": name, "path": TextSafety.stripped(path)]
        }
    }

    /// The message in the localizer's language, ready to show and say.
    public func message(_ localizer: Localizer) -> String {
        localizer.string(localizationKey, arguments)
    }
}
