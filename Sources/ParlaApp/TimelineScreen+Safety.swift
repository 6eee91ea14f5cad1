import LVControls
import MicroblogKit

extension TimelineScreen {
    /// Mutes or unmutes the conversation of the post under the marker (said once the server answered;
    /// the post changes when the engine says so), or opens the report of its author with the post included.
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
        app.call({ try await engine.setConversationMuted(on, postId: id) }, for: ConversationMuting(app: app), evenIfClosed: true,
                 as: { .muted(on, $0.map { _ in () }) })
        return .none
    }
}

/// Says how muting a conversation went, once the server answered (kept by the call until then).
final class ConversationMuting: MessageReceiver {
    unowned let app: AppContext

    init(app: AppContext) { self.app = app }

    enum Message {
        case muted(Bool, Result<Void, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .muted(let on, .success):
            ScreenResponse([app.say(app.string(on ? "safety.done.mute-thread" : "safety.done.unmute-thread"), earcon: .activate)])
        case .muted(_, .failure(let error)):
            app.report(error)
        }
    }
}
