import LVControls
import MicroblogKit
import ParlaBase

extension TimelineScreen {
    /// Pins the user's own post under the marker to their profile, or unpins it (said once the server
    /// answered; the post changes when the engine says so).
    func pin(_ post: Post) -> ScreenResponse {
        guard let me = app.state.me, post.account.id == me.id, !post.isBoost else {
            return ScreenResponse([app.say(app.string("pin.not-yours"), earcon: .error)])
        }
        let on = !(post.pinned ?? false)
        let engine = app.engine
        let id = post.id
        app.call({ try await engine.setPinned(on, postId: id) }, for: AccountToolResult(app: app), evenIfClosed: true,
                 as: { .done($0.map { _ in () }, sayKey: on ? "pin.done" : "unpin.done", values: [:]) })
        return .none
    }

    /// Follows the hashtag of a hashtag timeline, or stops following it: whether the user follows it is
    /// asked of the server first, then the change is made and said.
    func followHashtag() -> ScreenResponse {
        guard case .timeline(.hashtag(let tag), _) = source else {
            return ScreenResponse([app.say(app.string("tags.not-a-tag"), earcon: .error)])
        }
        return AccountToolResult.toggleFollowing(hashtag: tag, app: app)
    }
}

/// Says how a pin, a hashtag follow or another account tool went, once the server answered (kept by the
/// call until then).
final class AccountToolResult: MessageReceiver {
    unowned let app: AppContext

    init(app: AppContext) { self.app = app }

    /// Follows a hashtag or stops following it: whether the user follows it is asked of the server first,
    /// then the change is made and said (on a hashtag's timeline and on a hashtag found by search).
    static func toggleFollowing(hashtag tag: String, app: AppContext) -> ScreenResponse {
        let engine = app.engine
        app.call({ () -> Hashtag in
            let now = try await engine.hashtag(name: tag)
            return try await engine.setHashtagFollowed(!now.following, name: tag)
        }, for: AccountToolResult(app: app), evenIfClosed: true, as: { result in
            let key = (try? result.get().following) == true ? "tags.followed" : "tags.unfollowed"
            return .done(result.map { _ in () }, sayKey: key, values: ["tag": TextSafety.stripped(tag)])
        })
        return .none
    }

    enum Message {
        case done(Result<Void, MicroblogError>, sayKey: String, values: [String: String])
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .done(.success, let key, let values): ScreenResponse([app.say(app.string(key, values), earcon: .activate)])
        case .done(.failure(let error), _, _): app.report(error)
        }
    }
}
