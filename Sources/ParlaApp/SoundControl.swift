import SpeechKit

/// The earcons' pack and volume, changed while the app runs (the audio engine's sound bank).
public protocol SoundControl: AnyObject {
    /// The packs to choose from: the shipped ones and the user's own (`<config>/sounds/NAME/`), sorted.
    var packs: [String] { get }
    /// The pack and the volume the command line chose (`--sound-pack`, `--sound-volume`); they win
    /// over the saved settings when the app starts.
    var commandLine: (pack: String?, volume: Int?) { get }
    /// Plays earcons from `pack` from now on (what it lacks from the default pack).
    ///
    /// - Returns: what could not be loaded (a pack not found, a sound missing from every pack), to tell the user.
    func use(pack: String) -> [SpeechError]
    /// Earcons at `volume` % of their files from now on; speech keeps its own volume.
    func setVolume(_ volume: Int)
}

/// The audio engine's switcher is what Parla's Settings change.
extension SoundPackSwitcher: SoundControl {}
