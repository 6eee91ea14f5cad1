import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation

extension TimelineScreen {
    /// Edit, redraft and history of the post under the marker. Edit and redraft are for the user's own
    /// posts (others are told why not); redraft asks for a second press, as delete does.
    func own(_ action: ScreenCommand, post: Post) -> ScreenResponse {
        let shown = post.shown
        let engine = app.engine
        let id = shown.id
        if action == .history {
            return app.load(app.string("history.loading"), { try await engine.history(postId: id) },
                            as: { [app] result in .screen(result.map { PostHistoryScreen(app: app, post: shown, versions: $0) as any Screen }) })
        }
        guard let me = app.state.me, shown.account.id == me.id, !post.isBoost else {
            let key = action == .editPost ? "own.not-yours.edit" : "own.not-yours.redraft"
            return ScreenResponse([app.say(app.string(key, ["name": TextSafety.stripped(shown.account.plainName)]), earcon: .error)])
        }
        // The text as written, from the server when it keeps it (Mastodon's /source), else read back from its runs.
        let fallback = PostSource(text: shown.content.source, spoilerText: shown.spoilerText)
        let opener = OwnPostOpener(app: app)
        if action == .editPost {
            app.call({ try await Self.source(of: id, engine: engine, fallback: fallback) }, for: opener, evenIfClosed: true,
                     as: { .edit(shown, $0) })
            return ScreenResponse([app.say(app.string("edit.opening"))])
        }
        guard deletion.press("redraft:" + id) else {
            return app.askSecondPress(app.string("redraft.confirm", ["key": app.againKey(for: .redraft)]))
        }
        deletion.disarm()
        // The text is fetched before the post goes, so nothing is lost if the deletion fails; the server's answer
        // to the deletion names the files it kept, attached again to the new post.
        app.call({ () -> Redraft in
            let source = try await Self.source(of: id, engine: engine, fallback: fallback)
            let deleted = try await engine.delete(postId: id)
            return Redraft(source: source, media: deleted?.shown.media ?? [])
        }, for: opener, evenIfClosed: true, as: { .redrafted(shown, $0) })
        return .none
    }

    /// The post's text as written; a server without `/source` (404) gives the text read back from its runs,
    /// any other failure (the limit, no network) is the user's to hear.
    static func source(of id: String, engine: any AccountEngine, fallback: PostSource) async throws -> PostSource {
        do {
            return try await engine.source(postId: id)
        } catch MicroblogError.notFound {
            return fallback
        }
    }
}

/// A deleted post's text as written and the files the server kept for writing it again.
struct Redraft: Sendable {
    var source: PostSource
    var media: [MediaAttachment]
}

/// Opens compose on one of the user's posts once its text came (kept by the call until then).
final class OwnPostOpener: MessageReceiver {
    unowned let app: AppContext

    init(app: AppContext) { self.app = app }

    enum Message {
        /// The post's text came: compose opens to change it.
        case edit(Post, Result<PostSource, MicroblogError>)
        /// The post was deleted (its text and files kept): compose opens to write it again.
        case redrafted(Post, Result<Redraft, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .edit(let post, .success(let source)):
            return ComposeScreen.open(app: app, mode: .edit(post, source))
        case .redrafted(let post, .success(let redraft)):
            let source = redraft.source
            let draft = Draft(key: "redraft:\(post.id)", text: source.text, spoilerText: source.spoilerText, visibility: post.visibility,
                              language: post.language, inReplyToId: post.inReplyToId, updatedAt: app.services.wallClock(), media: redraft.media)
            // Kept as a draft at once: the post is gone, its words must not be.
            let engine = app.engine
            app.services.runtime.fire { await engine.saveDraft(draft) }
            _ = ComposeScreen.open(app: app, mode: .redraft(draft, poll: post.poll, media: redraft.media))
            return ScreenResponse([app.say(app.string("redraft.deleted"), priority: .alert, earcon: .activate)])
        case .edit(_, .failure(let error)), .redrafted(_, .failure(let error)):
            return app.report(error)
        }
    }
}
