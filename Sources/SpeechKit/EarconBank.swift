import Foundation

/// Every earcon's samples, loaded from sound packs (``SoundPack``) and converted to the output rate.
public struct EarconBank: Sendable {
    private let sounds: [Earcon: [Int16]]
    /// Sounds that could not be loaded (each plays as silence).
    public let problems: [SpeechError]

    /// Creates a bank from samples already at the output rate (tests).
    public init(sounds: [Earcon: [Int16]]) {
        self.sounds = sounds
        self.problems = []
    }

    /// Loads every earcon from the first of `packs` that has it (the chosen pack, then the default);
    /// a sound no pack has, or an unreadable file, is noted, not fatal.
    ///
    /// - Parameters:
    ///   - packs: pack folders, most wanted first (``SoundPack/folders(for:in:)``).
    ///   - format: the output format; sounds are resampled to its rate.
    public init(packs: [URL], format: AudioFormat) {
        var sounds: [Earcon: [Int16]] = [:]
        var problems: [SpeechError] = []
        var loaded: [SoundPack] = []
        for folder in packs {
            do { loaded.append(try SoundPack.load(folder)) } catch { problems.append(error) }
        }
        for earcon in Earcon.allCases {
            var found = false
            for pack in loaded {
                guard let file = pack.files[earcon.rawValue] else { continue }
                let url = pack.folder.appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                do {
                    sounds[earcon] = try WavFile.read(url).resampled(to: format.sampleRate)
                    found = true
                    break
                } catch {
                    problems.append(error)
                }
            }
            if !found { problems.append(.soundMissing(name: earcon.rawValue, path: packs.first?.path ?? "")) }
        }
        self.sounds = sounds
        self.problems = problems
    }

    /// The earcon's samples (empty when it could not be loaded).
    public func samples(_ earcon: Earcon) -> [Int16] { sounds[earcon] ?? [] }
}
