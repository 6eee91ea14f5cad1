import LVControls
import MicroblogKit
import SpeechKit
import TerminalKit

/// The three things a user does to a post that the server must accept: each is a toggle on the
/// timeline that shows and says the post's state.
enum PostAction: String, Equatable, Sendable {
    case boost, favourite, bookmark

    /// Whether `post` has it now.
    func isOn(_ post: Post) -> Bool {
        switch self {
        case .boost: post.reblogged
        case .favourite: post.favourited
        case .bookmark: post.bookmarked
        }
    }

    /// What is said once the server did it ("Boosted", "Removed from favourites").
    func doneKey(on: Bool) -> String {
        switch self {
        case .boost: on ? "screens.done.boosted" : "screens.done.unboosted"
        case .favourite: on ? "screens.done.favourited" : "screens.done.unfavourited"
        case .bookmark: on ? "screens.done.bookmarked" : "screens.done.unbookmarked"
        }
    }

    /// What is said before the error when the server did not do it ("Not favourited, nothing changed.").
    func failedKey(on: Bool) -> String { "feedback.failed.\(rawValue).\(on ? "on" : "off")" }
}

extension TimelineScreen {
    /// The widths the action row's controls need to show whole: marker, brackets (and box), title.
    func actionWidths(_ context: ControlContext) -> [Int] {
        let marker = ControlChrome.markerWidth(context.theme)
        return actionRow.map { control -> Int in
            if let toggle = control as? Toggle { return marker + 4 + DisplayWidth.of(toggle.title) }
            if let button = control as? Button { return marker + 2 + DisplayWidth.of(button.title) }
            return marker
        }
    }

    /// The toggle that shows `action`.
    func toggle(for action: PostAction) -> Toggle {
        switch action {
        case .boost: boost
        case .favourite: favourite
        case .bookmark: bookmark
        }
    }

    /// The toggles follow the post under the marker (all off when there is none).
    func showActionStates(of post: Post?) {
        for action in [PostAction.boost, .favourite, .bookmark] {
            toggle(for: action).setOn(post.map(action.isOn) ?? false)
        }
    }

    /// Asks the server to switch `action` on `post` (a key or its toggle): only the activate earcon
    /// now; what happened is said when the server answered (``receiveChange(_:on:_:)``), and the
    /// toggle changes only then.
    func act(_ action: PostAction, on post: Post) -> ScreenResponse {
        let on = !action.isOn(post)
        let engine = app.engine
        let id = post.id
        watchLimit({ () async throws -> Post in
            switch action {
            case .boost: try await engine.setBoosted(on, postId: id)
            case .favourite: try await engine.setFavourited(on, postId: id)
            case .bookmark: try await engine.setBookmarked(on, postId: id)
            }
        }, as: { .changed(action, on: on, $0.map { _ in () }, token: $1) })
        return ScreenResponse([.play(.activate)])
    }

    /// The server answered: what the post became is said (after what is being said) (the post and its toggle change when the
    /// engine, the only source of a post's state, says so: `postUpdated`, which comes first); or the
    /// error, and that nothing changed (the toggle keeps its state).
    func receiveChange(_ action: PostAction, on: Bool, _ result: Result<Void, MicroblogError>) -> ScreenResponse {
        switch result {
        case .success:
            let earcon: Earcon = on ? .toggleOn : .toggleOff
            // Said at once (the call answers the user's key, ``answering()``), never dropped.
            return ScreenResponse([.say(Utterance(app.string(action.doneKey(on: on)), priority: .alert, earcon: earcon))])
        case .failure(let error):
            return app.report(error, lead: app.string(action.failedKey(on: on)))
        }
    }
}

extension TimelineScreen {
    /// How many posts a refresh brought as the user meets them: what the server reported, or what
    /// came on screen above what was shown, or the new posts already told and not yet reached (a
    /// post the stream brought while the refresh ran) — never "no new posts" when one arrived.
    func newPostsCount(reported: Int, shownBefore: Set<String>) -> Int {
        // Only what came above the newest post shown before: a first reading's older posts, put below the user's
        // own post sent from line mode, are not news.
        let appeared = shownBefore.isEmpty ? 0 : entries.ids.prefix { !shownBefore.contains($0) }.count
        let counted = max(reported, appeared)
        guard counted == 0 else { return counted }
        return app.state.unseen[source.key] ?? 0
    }
}
