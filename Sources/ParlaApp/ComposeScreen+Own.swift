import LVControls
import MicroblogKit
import ParlaBase

extension ComposeScreen {
    /// Whether the screen changes one of the user's posts rather than writing a new one.
    var isEdit: Bool {
        if case .edit = mode { return true }
        return false
    }

    /// The post a redrafted one answered, if it answered one.
    var redraftedReplyId: String? {
        if case .redraft(let draft, _, _) = mode { return draft.inReplyToId }
        return nil
    }

    /// Send on an edit (its text, warning, language and the descriptions of its files): the change goes to the server at once (not through the outbox); the screen stays,
    /// with the text, until the server answered: "Edited" and it closes, or the error and it stays.
    func sendEdit(_ post: NewPost) -> ScreenResponse {
        guard case .edit(let original, _) = mode, !editing else { return .none }
        editing = true
        let engine = app.engine
        let id = original.id
        let descriptions = Dictionary(mediaFields.map { ($0.id, $0.field.text) }, uniquingKeysWith: { first, _ in first })
        app.call({ try await engine.edit(postId: id, text: post.text, spoilerText: post.spoilerText, language: post.language,
                                         mediaDescriptions: descriptions) },
                 for: EditSending(screen: self), evenIfClosed: true, as: EditSending.Message.edited)
        return ScreenResponse([app.say(app.string("edit.saving"), priority: .alert, earcon: .activate)])
    }

    /// The server's answer to the edit.
    func edited(_ result: Result<Post, MicroblogError>) -> ScreenResponse {
        editing = false
        switch result {
        case .success:
            let engine = app.engine
            let key = draftKey
            app.services.runtime.fire { await engine.removeDraft(key: key) }
            let said = app.say(app.string("edit.done"), priority: .alert, earcon: .sent)
            return closed ? ScreenResponse([said]) : ScreenResponse([said], navigation: .pop)
        case .failure(let error):
            return app.report(error, lead: app.string("edit.failed"))
        }
    }
}

/// Carries an edit's answer back to its compose screen, even if Cancel closed it meanwhile.
final class EditSending: MessageReceiver {
    let screen: ComposeScreen

    init(screen: ComposeScreen) { self.screen = screen }

    enum Message {
        case edited(Result<Post, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .edited(let result): screen.edited(result)
        }
    }
}
