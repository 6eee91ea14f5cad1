import Foundation

/// Changes the earcons an ``AudioEngine`` plays while it runs: another sound pack, another volume.
///
/// Packs are looked for in `places` (the user's `<config>/sounds` before the shipped `Sounds`); what
/// the chosen pack lacks comes from the default pack (``SoundPack/folders(for:in:)``).
public final class SoundPackSwitcher {
    private let engine: AudioEngine
    private let places: [URL]
    /// The pack in use.
    public private(set) var current: String
    /// The sounds loaded last (the engine plays these).
    public private(set) var bank: EarconBank?
    /// The pack and the volume the command line chose (`--sound-pack`, `--sound-volume`), when it did.
    public let commandLine: (pack: String?, volume: Int?)

    /// - Parameters:
    ///   - engine: the audio engine playing the earcons.
    ///   - places: pack folders, the user's first.
    ///   - loaded: the pack the engine has now.
    ///   - commandLine: `--sound-pack` and `--sound-volume`, when given.
    public init(engine: AudioEngine, places: [URL], loaded: String, commandLine: (pack: String?, volume: Int?) = (nil, nil)) {
        self.engine = engine
        self.places = places
        self.current = loaded
        self.commandLine = commandLine
    }

    /// Every pack there is to choose, sorted, each once.
    public var packs: [String] { SoundPack.available(in: places) }

    /// Loads `pack` into the engine (nothing to do when it is the one in use).
    ///
    /// - Returns: what could not be loaded: the pack itself when it is not found (the default pack
    ///   plays then), and any sound no pack has.
    public func use(pack: String) -> [SpeechError] {
        guard pack != current, !places.isEmpty else { return [] }
        var problems: [SpeechError] = []
        if SoundPack.locate(pack, in: places) == nil {
            problems.append(.soundMissing(name: pack, path: places.map(\.path).joined(separator: ", ")))
        }
        let loaded = EarconBank(packs: SoundPack.folders(for: pack, in: places), format: engine.format)
        engine.use(loaded)
        bank = loaded
        current = pack
        return problems + loaded.problems
    }

    /// Earcons at `volume` % of their files from now on; speech keeps its own volume.
    public func setVolume(_ volume: Int) { engine.earconVolume = volume }
}
