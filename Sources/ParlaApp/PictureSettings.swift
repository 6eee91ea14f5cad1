import LVControls

/// The Settings screen's picture choice: whether the text in undescribed pictures is recognised, on this
/// computer, as their post is read (off by default).
final class PictureSettings {
    let recognizeText: Toggle

    /// The controls, in focus order.
    var controls: [any Control] { [recognizeText] }

    init(app: AppContext) {
        recognizeText = Toggle(app.string("media.settings.read-pictures"), isOn: app.settings.recognizeUndescribedPictures)
    }

    /// Applies `event` to `settings` when it comes from these controls; returns whether it did. Turned off, the
    /// recognitions running stop; turned on, the post being read has its pictures read at once, not only the next one.
    func apply(_ event: ControlEvent, to settings: inout AppSettings, app: AppContext) -> Bool {
        guard case .toggled(let on) = event.kind, event.source === recognizeText else { return false }
        settings.recognizeUndescribedPictures = on
        if on {
            app.request(.readFocusedPictureTexts)
        } else {
            app.stopReadingPictureTexts()
        }
        return true
    }
}
