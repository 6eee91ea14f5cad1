import LVControls
import SpeechKit
import TerminalKit

/// The thesis's blocker view: what is loading, Esc cancels.
final class LoadingScreen: AppScreen {
    unowned let app: AppContext
    let state = LoadingState()
    var taskId: Int?
    let what: String
    var title: String
    var helpIntro: String { app.string("screens.loading.help") }
    var controls: [any Control] { [state] }
    let toolbar: Toolbar

    init(app: AppContext, what: String) {
        self.app = app
        self.what = what
        title = app.string("screens.loading.title")
        toolbar = Toolbar(localizer: app.localizer)
    }

    func begin() -> [Announcement] {
        state.begin(what, context: app.controlContext).announcements
    }

    func finish() -> [Announcement] {
        _ = state.finish(context: app.controlContext)
        return []
    }

    func relocalize() {
        title = app.string("screens.loading.title")
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .cancelled else { return .none }
        return back(context: context)
    }

    func back(context: ControlContext) -> ScreenResponse {
        if let taskId { app.services.runtime.cancel(taskId) }
        return ScreenResponse(navigation: .pop)
    }
}
