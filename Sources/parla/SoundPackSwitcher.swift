import Foundation
import ParlaApp
import SpeechKit

/// The app's ``SoundControl`` over the audio engine: loads another pack into it, sets its earcon volume.
final class SoundPackSwitcher: SoundControl {
    private let engine: AudioEngine
    /// Where packs are looked for: the user's (`<config>/sounds`) before the shipped (`Sounds`).
    private let places: [URL]
    private var current: String
    let commandLine: (pack: String?, volume: Int?)

    /// - Parameters:
    ///   - engine: the audio engine playing the earcons.
    ///   - places: pack folders, the user's first.
    ///   - loaded: the pack the engine has now.
    ///   - commandLine: `--sound-pack` and `--sound-volume`, when given.
    init(engine: AudioEngine, places: [URL], loaded: String, commandLine: (pack: String?, volume: Int?)) {
        self.engine = engine
        self.places = places
        self.current = loaded
        self.commandLine = commandLine
    }

    var packs: [String] { SoundPack.available(in: places) }

    func use(pack: String) -> [SpeechError] {
        guard pack != current, !places.isEmpty else { return [] }
        var problems: [SpeechError] = []
        if SoundPack.locate(pack, in: places) == nil {
            problems.append(.soundMissing(name: pack, path: places.map(\.path).joined(separator: ", ")))
        }
        let bank = EarconBank(packs: SoundPack.folders(for: pack, in: places), format: engine.format)
        engine.use(bank)
        current = pack
        return problems + bank.problems
    }

    func setVolume(_ volume: Int) { engine.earconVolume = volume }
}
