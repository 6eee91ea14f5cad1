import LVControls
import ParlaBase

/// The Settings screen's writing choices: asking before posting a file without a description, and
/// checking the spelling before sending.
final class WritingSettings {
    let confirmDescription: Toggle
    let checkSpelling: Toggle

    /// The controls, in focus order.
    var controls: [any Control] { [confirmDescription, checkSpelling] }

    init(app: AppContext) {
        let s = app.settings
        confirmDescription = Toggle(app.string("compose7.settings.confirm-description"), isOn: s.confirmMissingDescription)
        checkSpelling = Toggle(app.string("compose7.settings.check-spelling"), isOn: s.checkSpellingBeforeSending)
    }

    /// Applies `event` to `settings` when it comes from one of these controls; returns whether it did.
    func apply(_ event: ControlEvent, to settings: inout AppSettings) -> Bool {
        switch event.kind {
        case .toggled(let on) where event.source === confirmDescription:
            settings.confirmMissingDescription = on
        case .toggled(let on) where event.source === checkSpelling:
            settings.checkSpellingBeforeSending = on
        default:
            return false
        }
        return true
    }
}
