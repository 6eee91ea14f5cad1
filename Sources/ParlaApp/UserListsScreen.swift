import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TerminalKit

/// Which of the user's lists someone is on (from their details, Lists): one toggle per list, on while
/// they are on it; Enter adds or removes them, and the toggle changes once the server did.
final class UserListsScreen: AppScreen {
    unowned let app: AppContext
    let account: Account
    let lists: [UserList]
    let toggles: [Toggle]
    let none = Label(text: "")
    let toolbar: Toolbar
    private var busy = false

    var title: String { app.string("user-lists.title", ["name": TextSafety.stripped(account.plainName)]) }
    var helpIntro: String { app.string("user-lists.help") }
    var controls: [any Control] { toggles.isEmpty ? [none] : toggles }

    /// Opens the screen once the lists and those that hold the account came.
    static func open(app: AppContext, account: Account) -> ScreenResponse {
        let engine = app.engine
        let id = account.id
        return app.load(app.string("user-lists.title", ["name": TextSafety.stripped(account.plainName)]), { () -> ([UserList], Set<String>) in
            async let all = engine.lists()
            async let holding = engine.lists(containing: id)
            return (try await all, Set(try await holding.map(\.id)))
        }, as: { result in
            .screen(result.map { UserListsScreen(app: app, account: account, lists: $0.0, holding: $0.1) as any Screen })
        })
    }

    init(app: AppContext, account: Account, lists: [UserList], holding: Set<String>) {
        self.app = app
        self.account = account
        self.lists = lists
        toggles = lists.map { Toggle("", isOn: holding.contains($0.id), asks: true) }
        toolbar = Toolbar(localizer: app.localizer)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        for (toggle, list) in zip(toggles, lists) { toggle.title = TextSafety.stripped(list.title) }
        none.name = app.string("lists.title")
        none.text = app.string("lists.empty")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard case .toggled(let on) = event.kind, let index = toggles.firstIndex(where: { $0 === event.source }), !busy else { return .none }
        busy = true
        let engine = app.engine
        let list = lists[index]
        let id = account.id
        app.call({ try await engine.setListMembership(on, listId: list.id, accountIds: [id]) }, for: self,
                 as: { .changed($0, index: index, on: on) })
        return .none
    }
}

extension UserListsScreen: MessageReceiver {
    enum Message {
        case changed(Result<Void, MicroblogError>, index: Int, on: Bool)
    }

    func receive(_ message: Message) -> ScreenResponse {
        busy = false
        switch message {
        case .changed(.success, let index, let on):
            toggles[index].setOn(on)
            let values = ["handle": "@" + TextSafety.stripped(account.acct), "title": TextSafety.stripped(lists[index].title)]
            return ScreenResponse([app.say(app.string(on ? "lists.added" : "lists.removed", values), earcon: on ? .toggleOn : .toggleOff)])
        case .changed(.failure(let error), _, _):
            return app.report(error)
        }
    }
}
