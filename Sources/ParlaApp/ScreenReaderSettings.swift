import LVControls
import ParlaBase

/// The Settings screen's choice for users of their own screen reader: the screen-reader drawing
/// (``AppSettings/screenReaderDrawing``, also `--plain`).
final class ScreenReaderSettings {
    let drawing: Toggle

    /// The controls, in focus order.
    var controls: [any Control] { [drawing] }

    init(app: AppContext) {
        drawing = Toggle(app.string("screen-reader.settings.drawing"), isOn: app.settings.screenReaderDrawing)
    }

    /// Applies `event` to `settings` when it comes from one of these controls; returns whether it did
    /// (the screen then draws with the new theme).
    func apply(_ event: ControlEvent, to settings: inout AppSettings) -> Bool {
        guard case .toggled(let on) = event.kind, event.source === drawing else { return false }
        settings.screenReaderDrawing = on
        return true
    }
}
