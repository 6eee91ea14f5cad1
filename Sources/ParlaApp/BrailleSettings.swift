import LVControls
import ParlaBase

/// The Settings screen's braille choices: whether Parla writes its focus line to a braille display
/// (when a BrlAPI server answers), and how long an alert stays on the display before the line comes back.
final class BrailleSettings {
    /// The alert times offered, in seconds; 0: alerts are not shown on the display.
    static let alertSeconds = [0, 2, 4, 8, 15, 30]

    let display: Toggle
    let alerts: Segmented

    /// The controls, in focus order.
    var controls: [any Control] { [display, alerts] }

    init(app: AppContext) {
        let s = app.settings
        display = Toggle(app.string("braille.settings.display"), isOn: s.braille)
        alerts = Segmented(app.string("braille.settings.alerts"), options: Self.alertSeconds.map { seconds in
            seconds == 0 ? app.string("braille.alerts.never") : app.string("braille.alerts.seconds", ["seconds": String(seconds)])
        }, selected: SettingsScreen.nearest(s.brailleAlertSeconds, in: Self.alertSeconds))
    }

    /// Applies `event` to `settings` when it comes from one of these controls; returns whether it did.
    func apply(_ event: ControlEvent, to settings: inout AppSettings) -> Bool {
        switch event.kind {
        case .toggled(let on) where event.source === display:
            settings.braille = on
        case .selected(let index) where event.source === alerts && Self.alertSeconds.indices.contains(index):
            settings.brailleAlertSeconds = Self.alertSeconds[index]
        default:
            return false
        }
        return true
    }
}
