import LVControls
import ParlaBase

/// The Settings screen's writing choices: asking before posting a file without a description, checking the
/// spelling before sending, and word prediction (on or off, and forgetting what it learnt).
final class WritingSettings {
    unowned let app: AppContext
    let confirmDescription: Toggle
    let checkSpelling: Toggle
    let prediction: Toggle
    let forgetPrediction: Button

    /// The controls, in focus order.
    var controls: [any Control] { [confirmDescription, checkSpelling, prediction, forgetPrediction] }

    init(app: AppContext) {
        self.app = app
        let s = app.settings
        confirmDescription = Toggle(app.string("settings.confirm-description"), isOn: s.confirmMissingDescription)
        checkSpelling = Toggle(app.string("settings.check-spelling"), isOn: s.checkSpellingBeforeSending)
        prediction = Toggle(app.string("prediction.settings.on"), isOn: s.wordPrediction)
        forgetPrediction = Button.quiet()
        forgetPrediction.title = app.string("prediction.settings.forget")
    }

    /// "Forget what prediction learnt": cleared at once, and said; nil for any other event.
    func forget(_ event: ControlEvent) -> ScreenResponse? {
        guard event.kind == .activated, event.source === forgetPrediction else { return nil }
        let forgotten = ComposePrediction.forget(app: app)
        return ScreenResponse([app.say(app.string(forgotten ? "prediction.forgotten" : "prediction.forget-failed"),
                                       priority: .answer, earcon: forgotten ? .activate : .error)])
    }

    /// Applies `event` to `settings` when it comes from one of these controls; returns whether it did.
    func apply(_ event: ControlEvent, to settings: inout AppSettings) -> Bool {
        switch event.kind {
        case .toggled(let on) where event.source === confirmDescription:
            settings.confirmMissingDescription = on
        case .toggled(let on) where event.source === checkSpelling:
            settings.checkSpellingBeforeSending = on
        case .toggled(let on) where event.source === prediction:
            settings.wordPrediction = on
        default:
            return false
        }
        return true
    }
}
