import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TerminalKit

/// The user's lists (from Go to): the wheel of lists (Enter opens one's timeline), a title field with
/// Create and Rename; Members (F2) and Delete (F3, pressed twice). Each change is said once the server
/// made it.
final class ListsScreen: AppScreen {
    unowned let app: AppContext
    var lists: [UserList]
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let titleField = TextField("")
    let create = Button("")
    let rename = Button("")
    let members = Button("")
    let delete = Button("")
    let toolbar: Toolbar
    private var deletion = ConfirmTwice<String>()
    private var busy = false

    var title: String { app.string("account7.lists.title") }
    var helpIntro: String { app.string("account7.lists.help") }
    var controls: [any Control] { [wheel, titleField, create, rename] }

    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("account7.lists.title"), { try await engine.lists() },
                        as: { .screen($0.map { ListsScreen(app: app, lists: $0) as any Screen }) })
    }

    init(app: AppContext, lists: [UserList]) {
        self.app = app
        self.lists = lists
        toolbar = Toolbar(localizer: app.localizer, first: members, second: delete)
        create.quietPress = true
        rename.quietPress = true
        delete.quietPress = true
        relocalize()
    }

    var current: UserList? { lists.indices.contains(wheel.index) ? lists[wheel.index] : nil }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("account7.lists.wheel")
        titleField.title = app.string("account7.lists.field")
        create.title = app.string("account7.lists.create")
        rename.title = app.string("account7.lists.rename")
        members.title = app.string("account7.lists.members")
        delete.title = app.string("account7.lists.delete")
        show(index: wheel.index)
    }

    func show(index: Int) {
        let items = lists.isEmpty ? [app.string("account7.lists.empty")] : lists.map { TextSafety.stripped($0.title) }
        wheel.setPresented(items.map { Presented(display: $0, line: $0, spoken: $0, language: nil) }, index: min(index, max(0, lists.count - 1)))
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        let source = event.source
        if source !== delete { deletion.disarm() }
        if case .selected = event.kind, source === wheel, let list = current {
            return app.openTimeline(.timeline(.list(id: list.id), owner: list.title),
                                    what: app.string("screens.timeline.list", ["name": TextSafety.stripped(list.title)]))
        }
        guard event.kind == .activated, !busy else { return .none }
        let engine = app.engine
        let typed = titleField.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if source === create || source === titleField {
            guard !typed.isEmpty else { return ScreenResponse([app.say(app.string("account7.lists.no-title"), earcon: .error)]) }
            busy = true
            app.call({ try await engine.createList(title: typed) }, for: self, as: Message.created)
            return .none
        }
        guard let list = current else { return ScreenResponse([app.say(app.string("account7.lists.empty"), earcon: .edge)]) }
        if source === members { return ListMembersScreen.open(app: app, list: list) }
        if source === rename {
            guard !typed.isEmpty else { return ScreenResponse([app.say(app.string("account7.lists.no-title"), earcon: .error)]) }
            busy = true
            app.call({ try await engine.renameList(id: list.id, title: typed) }, for: self, as: Message.renamed)
            return .none
        }
        if source === delete {
            guard deletion.press(list.id) else {
                return ScreenResponse([app.say(app.string("account7.lists.confirm-delete", ["title": TextSafety.stripped(list.title)]))])
            }
            deletion.disarm()
            busy = true
            app.call({ try await engine.deleteList(id: list.id) }, for: self, as: { .deleted($0.map { list }) })
        }
        return .none
    }
}

extension ListsScreen: MessageReceiver {
    enum Message {
        case created(Result<UserList, MicroblogError>)
        case renamed(Result<UserList, MicroblogError>)
        case deleted(Result<UserList, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        busy = false
        let key: String
        let list: UserList
        do {
            switch message {
            case .created(let result):
                list = try result.get()
                lists.append(list)
                titleField.setText("")
                show(index: lists.count - 1)
                key = "account7.lists.created"
            case .renamed(let result):
                list = try result.get()
                if let index = lists.firstIndex(where: { $0.id == list.id }) { lists[index] = list }
                titleField.setText("")
                show(index: wheel.index)
                key = "account7.lists.renamed"
            case .deleted(let result):
                list = try result.get()
                lists.removeAll { $0.id == list.id }
                show(index: wheel.index)
                key = "account7.lists.deleted"
            }
        } catch {
            return app.report(error)
        }
        app.send(.lists(lists, account: app.state.accountName))
        return ScreenResponse([app.say(app.string(key, ["title": TextSafety.stripped(list.title)]), earcon: .activate)])
    }
}

/// The people on a list: the wheel of them (Enter opens their details); Remove (F2) takes the one under
/// the marker off the list, said once the server did. People are added from their details (Lists).
final class ListMembersScreen: AppScreen {
    unowned let app: AppContext
    let list: UserList
    var people: [Account]
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let remove = Button("")
    let toolbar: Toolbar
    private var busy = false

    var title: String { app.string("account7.members.title", ["title": TextSafety.stripped(list.title)]) }
    var helpIntro: String { app.string("account7.members.help") }
    var controls: [any Control] { [wheel] }
    var bindings: [Binding] { app.services.keymap.bindings(for: [.author]) }

    static func open(app: AppContext, list: UserList) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("account7.members.title", ["title": TextSafety.stripped(list.title)]), { try await engine.listAccounts(id: list.id) },
                        as: { .screen($0.map { ListMembersScreen(app: app, list: list, people: $0) as any Screen }) })
    }

    init(app: AppContext, list: UserList, people: [Account]) {
        self.app = app
        self.list = list
        self.people = people
        toolbar = Toolbar(localizer: app.localizer, first: remove)
        remove.quietPress = true
        relocalize()
    }

    var current: Account? { people.indices.contains(wheel.index) ? people[wheel.index] : nil }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("account7.members.wheel")
        remove.title = app.string("account7.members.remove")
        show(index: wheel.index)
    }

    func show(index: Int) {
        let empty = app.string("account7.lists.no-members", ["title": TextSafety.stripped(list.title)])
        let items = people.isEmpty ? [Presented(display: empty, line: empty, spoken: empty, language: nil)] : people.map { app.present($0) }
        wheel.setPresented(items, index: min(index, max(0, people.count - 1)))
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard let person = current else { return .none }
        if case .selected = event.kind, event.source === wheel { return UserDetailsScreen.open(app: app, account: person) }
        guard event.kind == .activated, event.source === remove, !busy else { return .none }
        busy = true
        let engine = app.engine
        let listId = list.id
        app.call({ try await engine.setListMembership(false, listId: listId, accountIds: [person.id]) }, for: self,
                 as: { .removed($0.map { person }) })
        return .none
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        guard command == .author, let person = current else { return .none }
        return UserDetailsScreen.open(app: app, account: person)
    }
}

extension ListMembersScreen: MessageReceiver {
    enum Message {
        case removed(Result<Account, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        busy = false
        switch message {
        case .removed(.success(let person)):
            people.removeAll { $0.id == person.id }
            show(index: wheel.index)
            let values = ["handle": "@" + TextSafety.stripped(person.acct), "title": TextSafety.stripped(list.title)]
            return ScreenResponse([app.say(app.string("account7.lists.removed", values), earcon: .activate)])
        case .removed(.failure(let error)):
            return app.report(error)
        }
    }
}
