import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TerminalKit

/// Muting someone: for how long (for ever, an hour, a day, a week) and whether their notifications
/// go too; Mute starts it and closes, the result is said by the details once the server answered.
final class MuteScreen: AppScreen {
    unowned let app: AppContext
    let account: Account
    let safety: UserSafety
    /// How long; its options are in the language the screen opened in.
    let duration: Segmented
    let notifications = Toggle("", isOn: true)
    let mute = Button("")
    let toolbar: Toolbar

    /// The choices of the segmented control, in order.
    static let durations: [MuteDuration] = [.forever, .oneHour, .oneDay, .sevenDays]

    var title: String { app.string("safety.mute.title", ["name": TextSafety.stripped(account.plainName)]) }
    var helpIntro: String { app.string("safety.mute.help") }
    var controls: [any Control] { [duration, notifications, mute] }

    init(app: AppContext, account: Account, safety: UserSafety) {
        self.app = app
        self.account = account
        self.safety = safety
        duration = Segmented("", options: Self.durations.map { app.string("safety.choice.\($0.word)") })
        toolbar = Toolbar(localizer: app.localizer)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        duration.title = app.string("safety.mute.duration")
        notifications.title = app.string("safety.mute.notifications")
        mute.title = app.string("safety.user.mute")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated, event.source === mute else { return .none }
        safety.startMute(account, duration: Self.durations[duration.selected], notifications: notifications.isOn)
        return ScreenResponse(navigation: .pop)
    }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}
