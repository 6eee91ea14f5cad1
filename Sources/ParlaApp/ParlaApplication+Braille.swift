import BrailleKit
import LVControls
import SpeechKit

extension ParlaApplication {
    /// Braille on or off and the alerts' time, as the settings now say (Settings changes them live).
    func applyBrailleSettings() {
        guard let braille else { return }
        let seconds = app.settings.brailleAlertSeconds
        braille.alertDuration = seconds > 0 ? .seconds(seconds) : nil
        braille.setEnabled(app.settings.braille)
    }

    /// Writes the focused item's line (only what changed reaches the display).
    func writeBraille() {
        guard let braille else { return }
        applyBrailleSettings()
        braille.show(host.brailleLine)
    }

    /// Shows the alerts among `announcements` (new posts, mentions: what comes from elsewhere) on the
    /// display for the time the user set; the focus line comes back after it, where the user left it.
    func showOnBraille(_ announcements: [Announcement]) {
        guard let braille else { return }
        for case .say(let utterance) in announcements where utterance.priority == .notification || utterance.priority.endsWhenFocusMoves {
            braille.alert(utterance.text)
        }
    }

    /// A braille event from the inbox: the connection's news, or a key of the display. A key first takes an
    /// alert away; the panning keys pan the line (the edge sound at its ends); line up and down are Up and
    /// Down; a routing key goes to the focused control at the character under it.
    func brailleEvent(_ event: BrailleEvent) {
        guard let braille, let key = braille.receive(event) else { return }
        if braille.dismissAlert() { return }
        switch key {
        case .panLeft, .panRight:
            if !braille.pan(key == .panLeft ? -1 : 1) { host.deliver(ScreenResponse([.play(.edge)]), shown: false) }
        case .lineUp:
            host.process(.up)
        case .lineDown:
            host.process(.down)
        case .route(let cell):
            host.route(toCharacter: braille.window.character(at: cell))
        }
    }
}
