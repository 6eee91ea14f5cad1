import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import SpeechKit

extension ComposeScreen {
    /// Hands a post with a time to the server; the screen stays until it answers (nothing is said before).
    func schedule(_ post: NewPost) -> ScreenResponse {
        let engine = app.engine
        app.call({ try await engine.schedule(post) }, for: self, as: Message.scheduled)
        return .none
    }

    /// Says when the server will publish the post and closes, or says why not and stays (the text kept).
    func scheduled(_ result: Result<ScheduledPost, MicroblogError>) -> ScreenResponse {
        switch result {
        case .success(let scheduled):
            let key = draftKey
            let engine = app.engine
            app.services.runtime.fire { await engine.removeDraft(key: key) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: app.localizer.language.code)
            formatter.dateStyle = .medium
            formatter.timeStyle = .short
            let said = app.string("writing.compose.scheduled", ["time": formatter.string(from: scheduled.scheduledAt)])
            return ScreenResponse([.say(Utterance(said, priority: .notification, earcon: .sent))], navigation: .pop)
        case .failure(let error):
            allowSendingAgain()
            return app.report(error)
        }
    }
}
