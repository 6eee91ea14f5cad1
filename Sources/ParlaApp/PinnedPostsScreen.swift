import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation

/// Someone's pinned posts (from their details): the wheel of them; Enter opens the thread, and on the
/// user's own `P` unpins the one under the marker.
final class PinnedPostsScreen: AppScreen {
    unowned let app: AppContext
    let account: Account
    var posts: [Post]
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let toolbar: Toolbar

    var title: String { app.string("pinned.title", ["name": TextSafety.stripped(account.plainName)]) }
    var helpIntro: String { app.string("pinned.help") }
    var controls: [any Control] { [wheel] }
    var bindings: [Binding] { app.bindings(for: [.pinPost]) }

    static func open(app: AppContext, account: Account) -> ScreenResponse {
        let engine = app.engine
        let id = account.id
        return app.load(app.string("pinned.title", ["name": TextSafety.stripped(account.plainName)]), { try await engine.pinnedPosts(accountId: id) },
                        as: { .screen($0.map { PinnedPostsScreen(app: app, account: account, posts: $0) as any Screen }) })
    }

    init(app: AppContext, account: Account, posts: [Post]) {
        self.app = app
        self.account = account
        self.posts = posts
        toolbar = Toolbar(localizer: app.localizer)
        // What is chosen opens and says itself: the activate earcon, not its name again with "chosen".
        wheel.quietChoice = true
        relocalize()
    }

    func relocalize() {
        wheel.readOn(app)
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("pinned.wheel")
        // None: the list is empty and says so ("Pinned, wheel list, No pinned posts."), not "1 of 1".
        wheel.emptyValue = app.string("pinned.empty")
        wheel.setPresented(posts.map { app.present($0) }, index: min(wheel.index, max(0, posts.count - 1)))
    }

    var current: Post? { posts.indices.contains(wheel.index) ? posts[wheel.index] : nil }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard case .selected = event.kind, event.source === wheel, let post = current else { return .none }
        let engine = app.engine
        let source = TimelineSource.thread(focusId: post.id)
        return app.load(app.string("screens.loading.thread"), { try await TimelineScreen.fetch(source, engine: engine) }, as: { .timeline(source, $0) })
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        guard command == .pinPost, let post = current else { return .none }
        guard app.state.me?.id == post.account.id else { return ScreenResponse([app.say(app.string("pin.not-yours"), earcon: .error)]) }
        let engine = app.engine
        app.call({ try await engine.setPinned(false, postId: post.id) }, for: self, as: { .unpinned($0) })
        return .none
    }
}

extension PinnedPostsScreen: MessageReceiver {
    enum Message {
        case unpinned(Result<Post, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .unpinned(.success(let post)):
            posts.removeAll { $0.id == post.id }
            relocalize()
            return ScreenResponse([app.say(app.string("unpin.done"), earcon: .activate)])
        case .unpinned(.failure(let error)):
            return app.report(error)
        }
    }
}
