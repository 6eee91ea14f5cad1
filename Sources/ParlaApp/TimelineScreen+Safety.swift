import LVControls
import MicroblogKit

extension TimelineScreen {
    /// Mutes or unmutes the conversation of the post under the marker (said once the server answered),
    /// or opens the report of its author with the post included.
    func safety(_ action: ScreenCommand, post: Post) -> ScreenResponse {
        let shown = post.shown
        if action == .reportPost {
            guard app.state.me?.id != shown.account.id else {
                return ScreenResponse([app.say(app.string("safety.report.yourself"), earcon: .error)])
            }
            return ScreenResponse(navigation: .push(ReportScreen(app: app, account: shown.account, post: shown)))
        }
        let on = !(shown.muted ?? false)
        let engine = app.engine
        let id = shown.id
        let doneKey = on ? "safety.done.mute-thread" : "safety.done.unmute-thread"
        app.call({ try await engine.setConversationMuted(on, postId: id) }, for: self, as: { .changed(doneKey: doneKey, $0.map { _ in () }) })
        return .none
    }
}
