import SpeechKit

extension AppContext {
    /// Gives the sound control the settings' pack and volume.
    ///
    /// - Returns: what could not be loaded, as sentences to say and show.
    func applySound() -> [String] {
        guard let sound = services.sound else { return [] }
        sound.setVolume(settings.soundVolume)
        return sound.use(pack: settings.soundPack).map { $0.message(localizer) }
    }
}
