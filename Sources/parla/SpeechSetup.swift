import EspeakSpeech
import Foundation
import ParlaBase
import SpeechKit
import SpeechdSpeech

/// The speech and sound path wired from the options: audio engine + sink, backend, transcript, queue.
///
/// Nothing here stops Parla: whatever fails (no device, no voice data, no speech-dispatcher, an
/// unwritable file) is replaced by the quiet alternative and listed in ``notices`` to tell the user once.
final class SpeechSetup {
    let queue: SpeechQueue
    let engine: AudioEngine
    let backend: any SpeechBackend
    /// The earcons' pack and volume, for Settings to change while the app runs.
    let sound: SoundPackSwitcher
    /// What went wrong while setting up, to show and say once.
    let notices: [SpeechError]
    private let logFile: URL?

    /// The voice language when `--voice` is not given: `--lang` as written (`en-US`), or the
    /// interface language's usual voice.
    static func defaultVoice(langOption: String?, interface: Language) -> String {
        if let langOption, !langOption.isEmpty { return langOption }
        switch interface {
        case .english: return "en-GB"
        case .spanish: return "es"
        case .catalan: return "ca"
        }
    }

    /// Builds everything.
    ///
    /// - Parameters:
    ///   - options: the speech options.
    ///   - voiceLanguage: the voice language when `--voice` is not given.
    ///   - sounds: the shipped `Sounds` folder of sound packs (nil: no earcons).
    ///   - userSounds: the user's own packs (`<config>/sounds`), looked in first.
    ///   - logFile: where audio libraries' stderr goes while the device is opened.
    ///   - espeakData: the folder holding `espeak-ng-data` (nil: eSpeak-NG's default).
    ///   - clock: the queue's clock.
    ///   - realTime: a WAV file takes audio at a speaker's pace (the screen: what is cut is not in the file,
    ///     and scanning waits for speech as it would with a speaker); otherwise as fast as it is made.
    init(
        options: SpeechOptions, voiceLanguage: String, sounds: URL?, userSounds: URL? = nil, logFile: URL?, espeakData: String? = nil,
        clock: any TickClock = SystemClock(), realTime: Bool = false
    ) {
        var notices: [SpeechError] = []
        let format = AudioFormat.speech
        let places = [userSounds, sounds].compactMap { $0 }
        let pack = options.soundPack ?? SoundPack.defaultName
        if !places.isEmpty, SoundPack.locate(pack, in: places) == nil {
            notices.append(.soundMissing(name: pack, path: places.map(\.path).joined(separator: ", ")))
        }
        let bank = places.isEmpty ? EarconBank(sounds: [:]) : EarconBank(packs: SoundPack.folders(for: pack, in: places), format: format)
        notices += bank.problems

        var engine: AudioEngine
        switch AudioChoice(options.audio) ?? .device(nil) {
        case .device(let name):
            engine = AudioEngine(sink: PCAudioSink(device: name, logFile: logFile), format: format, earcons: bank)
        case .wav(let path):
            engine = AudioEngine(sink: WavFileSink(url: URL(fileURLWithPath: path), paced: realTime), format: format, earcons: bank)
        case .none:
            engine = AudioEngine(sink: NullAudioSink(paced: true), format: format, earcons: bank)
        }
        engine.earconVolume = options.soundVolume ?? 100
        do {
            try engine.start()
        } catch {
            notices.append(error)
            engine = AudioEngine(sink: NullAudioSink(paced: true), format: format, earcons: bank)
            engine.earconVolume = options.soundVolume ?? 100
            try? engine.start()
        }

        var transcript: (any TranscriptSink)?
        if let path = options.transcript {
            do {
                transcript = try FileTranscript(url: URL(fileURLWithPath: path))
            } catch {
                notices.append(error)
            }
        }

        var backend: any SpeechBackend = SilentSpeechBackend()
        switch options.speech {
        case .espeak:
            do { backend = try EspeakBackend(audio: engine, dataPath: espeakData, logFile: logFile) } catch { notices.append(error) }
        case .speechd:
            do { backend = try SpeechdBackend() } catch { notices.append(error) }
        case .none:
            break
        }
        self.engine = engine
        sound = SoundPackSwitcher(engine: engine, places: places, loaded: pack, commandLine: (options.soundPack, options.soundVolume))
        self.backend = backend
        self.notices = notices
        self.logFile = logFile
        queue = SpeechQueue(
            backend: backend, earcons: engine, clock: clock, transcript: transcript,
            settings: options.settings(language: voiceLanguage))
    }

    /// Problems met while speaking (a language without a voice), each once.
    func takeProblems() -> [SpeechError] {
        var problems = queue.takeFailures()
        if let espeak = backend as? EspeakBackend { problems += espeak.takeProblems() }
        return problems
    }

    /// Tells the user each of `problems` once through `tell`, and appends them to the log.
    func report(_ problems: [SpeechError], localizer: Localizer, tell: (String) -> Void) {
        for problem in problems {
            let message = problem.message(localizer)
            tell(message)
            appendToLog("speech: \(message)\n")
        }
    }

    private func appendToLog(_ line: String) {
        guard let logFile else { return }
        if !FileManager.default.fileExists(atPath: logFile.path) {
            _ = FileManager.default.createFile(atPath: logFile.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        guard let handle = try? FileHandle(forWritingTo: logFile) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(line.utf8))
    }

    /// Waits until everything queued has been said and heard.
    func waitUntilDone() {
        let done = DispatchSemaphore(value: 0)
        queue.whenIdle { done.signal() }
        done.wait()
        engine.waitUntilPlayed()
    }

    /// Stops the synthesiser and the sound.
    func shutdown() {
        backend.shutdown()
        engine.stop()
    }
}
