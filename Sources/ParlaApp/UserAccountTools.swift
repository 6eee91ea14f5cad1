import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation

/// The account tools of a user's details, after the safety buttons: for someone else, the user's private
/// note on them (Enter saves it; "Your note: …" is also said with the relationship), the lists they are on
/// and their pinned posts; on the user's own profile, the pinned posts and Edit profile.
final class UserAccountTools {
    unowned let app: AppContext
    weak var screen: UserDetailsScreen?
    let note = TextField("")
    let lists = Button("")
    let pinned = Button("")
    let editProfile = Button("")
    private var busy = false

    init(app: AppContext, note text: String) {
        self.app = app
        note.setText(text)
        note.maxLength = 2_000
    }

    /// The controls, after the details' own and the safety buttons.
    func controls(isMe: Bool) -> [any Control] { isMe ? [pinned, editProfile] : [note, lists, pinned] }

    func relocalize() {
        note.title = app.string("account7.note.field")
        lists.title = app.string("account7.user.lists")
        pinned.title = app.string("account7.user.pinned")
        editProfile.title = app.string("account7.profile.edit")
    }

    /// Handles a press on one of the tools; nil when the event was on another control.
    func handle(_ event: ControlEvent, account: Account) -> ScreenResponse? {
        guard event.kind == .activated else { return nil }
        let source = event.source
        if source === lists { return UserListsScreen.open(app: app, account: account) }
        if source === pinned { return PinnedPostsScreen.open(app: app, account: account) }
        if source === editProfile { return ProfileEditScreen.open(app: app) }
        guard source === note else { return nil }
        guard !busy else { return ScreenResponse.none }
        busy = true
        let text = note.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let engine = app.engine
        let id = account.id
        let handle = "@" + TextSafety.stripped(account.acct)
        app.call({ try await engine.setNote(text, accountId: id) }, for: self, as: { .saved($0, handle: handle) })
        return ScreenResponse.none
    }
}

extension UserAccountTools: MessageReceiver {
    enum Message {
        case saved(Result<Relationship, MicroblogError>, handle: String)
    }

    func receive(_ message: Message) -> ScreenResponse {
        busy = false
        switch message {
        case .saved(.success(let fresh), let handle):
            screen?.relationship = fresh
            screen?.relocalize()
            return ScreenResponse([app.say(app.string(fresh.note.isEmpty ? "account7.note.removed" : "account7.note.saved", ["handle": handle]),
                                           earcon: .activate)])
        case .saved(.failure(let error), _):
            return app.report(error)
        }
    }
}

/// Someone's pinned posts (from their details): the wheel of them; Enter opens the thread, and on the
/// user's own `P` unpins the one under the marker.
final class PinnedPostsScreen: AppScreen {
    unowned let app: AppContext
    let account: Account
    var posts: [Post]
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let toolbar: Toolbar

    var title: String { app.string("account7.pinned.title", ["name": TextSafety.stripped(account.name)]) }
    var helpIntro: String { app.string("account7.pinned.help") }
    var controls: [any Control] { [wheel] }
    var bindings: [Binding] { app.services.keymap.bindings(for: [.pinPost]) }

    static func open(app: AppContext, account: Account) -> ScreenResponse {
        let engine = app.engine
        let id = account.id
        return app.load(app.string("account7.pinned.title", ["name": TextSafety.stripped(account.name)]), { try await engine.pinnedPosts(accountId: id) },
                        as: { .screen($0.map { PinnedPostsScreen(app: app, account: account, posts: $0) as any Screen }) })
    }

    init(app: AppContext, account: Account, posts: [Post]) {
        self.app = app
        self.account = account
        self.posts = posts
        toolbar = Toolbar(localizer: app.localizer)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("account7.pinned.wheel")
        let empty = app.string("account7.pinned.empty")
        let items = posts.isEmpty ? [Presented(display: empty, line: empty, spoken: empty, language: nil)] : posts.map { app.present($0) }
        wheel.setPresented(items, index: min(wheel.index, max(0, posts.count - 1)))
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
        guard app.state.me?.id == post.account.id else { return ScreenResponse([app.say(app.string("account7.pin.not-yours"), earcon: .error)]) }
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
            return ScreenResponse([app.say(app.string("account7.unpin.done"), earcon: .activate)])
        case .unpinned(.failure(let error)):
            return app.report(error)
        }
    }
}
