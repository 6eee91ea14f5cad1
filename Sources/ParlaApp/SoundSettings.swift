import LVControls
import ParlaBase
import SpeechKit

/// The Settings screen's sound choices: the sound pack, the sound volume (apart from speech's) and
/// the post cues, and the leave sound on Tab.
final class SoundSettings {
    /// Earcon volumes offered, in percent of the files.
    static let volumes = [0, 25, 50, 75, 100]

    /// The packs offered, in the order shown.
    let packNames: [String]
    let pack: Segmented
    let volume: Segmented
    let cues: Toggle
    /// The leave earcon before the focus earcon on Tab and the arrows (``AppSettings/leaveSound``).
    let leave: Toggle

    /// The controls, in focus order.
    var controls: [any Control] { [leave, pack, volume, cues] }

    init(app: AppContext) {
        let s = app.settings
        var names = app.services.sound?.packs ?? []
        if !names.contains(s.soundPack) { names.append(s.soundPack) }
        if !names.contains(SoundPack.defaultName) { names.insert(SoundPack.defaultName, at: 0) }
        packNames = names
        let localizer = app.localizer
        pack = Segmented(app.string("screens.settings.sound-pack"), options: names.map { Self.packTitle($0, localizer: localizer) },
                         selected: names.firstIndex(of: s.soundPack) ?? 0)
        volume = Segmented(app.string("screens.settings.sound-volume"),
                           options: Self.volumes.map { app.string("screens.settings.percent", ["n": String($0)]) },
                           selected: SettingsScreen.nearest(s.soundVolume, in: Self.volumes))
        cues = Toggle(app.string("screens.settings.post-cues"), isOn: s.postCues)
        leave = Toggle(app.string("settings.leave-sound"), isOn: s.leaveSound)
    }

    /// A shipped pack's name in the interface language; a user's own pack by its folder's name.
    static func packTitle(_ name: String, localizer: Localizer) -> String {
        let key = "sound-pack.\(name)"
        return localizer.has(key, in: localizer.language) ? localizer.string(key) : TextSafety.stripped(name)
    }

    /// Applies `event` to `settings` when it comes from one of these controls; returns whether it did.
    ///
    /// The new pack and volume are heard from the next sound on (the control's own "chosen" sound
    /// is still the old pack's, and two at once would be noise).
    func apply(_ event: ControlEvent, to settings: inout AppSettings) -> Bool {
        switch event.kind {
        case .selected(let index) where event.source === pack && packNames.indices.contains(index):
            settings.soundPack = packNames[index]
        case .selected(let index) where event.source === volume && Self.volumes.indices.contains(index):
            settings.soundVolume = Self.volumes[index]
        case .toggled(let on) where event.source === cues:
            settings.postCues = on
        case .toggled(let on) where event.source === leave:
            settings.leaveSound = on
        default:
            return false
        }
        return true
    }
}
