import LVControls

/// The Settings screen's picture choices (off by default): whether the text in undescribed pictures is recognised,
/// on this computer, as their post is read; and whether pictures are drawn in the terminal's own pixels (sixel or
/// kitty graphics), which only a terminal that said it has them is allowed.
final class PictureSettings {
    let recognizeText: Toggle
    /// Asks: the screen turns it on only where the terminal has pixel graphics.
    let pixels: Toggle

    /// The controls, in focus order.
    var controls: [any Control] { [recognizeText, pixels] }

    init(app: AppContext) {
        recognizeText = Toggle(app.string("media.settings.read-pictures"), isOn: app.settings.recognizeUndescribedPictures)
        pixels = Toggle(app.string("pictures.settings.pixels"), isOn: app.settings.pictureGraphics, asks: true)
    }

    /// Applies `event` to `settings` when it comes from the recognition toggle; returns whether it did. Turned off, the
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

    /// Answers the pixel graphics toggle (nil for any other event): turned on where the terminal did not say it draws
    /// sixel or kitty graphics, it is refused in one sentence, said and shown, and stays off; else it is saved.
    func answerPixels(_ event: ControlEvent, app: AppContext) -> ScreenResponse? {
        guard case .toggled(let on) = event.kind, event.source === pixels else { return nil }
        if on, app.services.pixelSupport.graphics.isEmpty || app.services.pictures?.pixelDrawer == nil {
            let refusal = app.string("pictures.settings.pixels-refused")
            app.request(.show(refusal))
            return ScreenResponse([app.say(refusal, earcon: .error)])
        }
        var next = app.settings
        next.pictureGraphics = on
        let problems = app.send(.settingsChanged(next))
        pixels.setOn(on)
        return ScreenResponse([app.say(app.string(on ? "lv.state.on" : "lv.state.off"), earcon: on ? .toggleOn : .toggleOff)] + problems)
    }
}
