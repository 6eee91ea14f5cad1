import Foundation

/// Every earcon's samples, loaded from `Sounds/<name>.wav` and converted to the output rate.
public struct EarconBank: Sendable {
    private let sounds: [Earcon: [Int16]]
    /// Sounds that could not be loaded (each plays as silence).
    public let problems: [SpeechError]

    /// Creates a bank from samples already at the output rate (tests).
    public init(sounds: [Earcon: [Int16]]) {
        self.sounds = sounds
        self.problems = []
    }

    /// Loads every earcon from `folder`; a missing or unreadable file is noted, not fatal.
    ///
    /// - Parameters:
    ///   - folder: the `Sounds` folder.
    ///   - format: the output format; sounds are resampled to its rate.
    public init(folder: URL, format: AudioFormat) {
        var sounds: [Earcon: [Int16]] = [:]
        var problems: [SpeechError] = []
        for earcon in Earcon.allCases {
            let url = folder.appendingPathComponent("\(earcon.rawValue).wav")
            guard FileManager.default.fileExists(atPath: url.path) else {
                problems.append(.soundMissing(name: earcon.rawValue, path: folder.path))
                continue
            }
            do {
                sounds[earcon] = try WavFile.read(url).resampled(to: format.sampleRate)
            } catch {
                problems.append(error)
            }
        }
        self.sounds = sounds
        self.problems = problems
    }

    /// The earcon's samples (empty when it could not be loaded).
    public func samples(_ earcon: Earcon) -> [Int16] { sounds[earcon] ?? [] }
}
