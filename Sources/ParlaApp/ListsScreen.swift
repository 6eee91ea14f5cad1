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

    var title: String { app.string("lists.title") }
    var helpIntro: String { app.string("lists.help") }
    var controls: [any Control] { [wheel, titleField, create, rename] }

    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("lists.title"), { try await engine.lists() },
                        as: { .screen($0.map { ListsScreen(app: app, lists: $0) as any Screen }) })
    }

    init(app: AppContext, lists: [UserList]) {
        self.app = app
        self.lists = lists
        toolbar = Toolbar(localizer: app.localizer, first: members, second: delete)
        // What is chosen opens and says itself: the activate earcon, not its name again with "chosen".
        wheel.quietChoice = true
        create.quietPress = true
        rename.quietPress = true
        delete.quietPress = true
        relocalize()
    }

    var current: UserList? { lists.indices.contains(wheel.index) ? lists[wheel.index] : nil }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("lists.wheel")
        titleField.title = app.string("lists.field")
        create.title = app.string("lists.create")
        rename.title = app.string("lists.rename")
        members.title = app.string("lists.members")
        delete.title = app.string("lists.delete")
        show(index: wheel.index)
    }

    func show(index: Int) {
        let items = lists.isEmpty ? [app.string("lists.empty")] : lists.map { TextSafety.stripped($0.title) }
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
            guard !typed.isEmpty else { return ScreenResponse([app.say(app.string("lists.no-title"), earcon: .error)]) }
            busy = true
            app.call({ try await engine.createList(title: typed) }, for: self, as: Message.created)
            return .none
        }
        guard let list = current else { return ScreenResponse([app.say(app.string("lists.empty"), earcon: .edge)]) }
        if source === members { return ListMembersScreen.open(app: app, list: list) }
        if source === rename {
            guard !typed.isEmpty else { return ScreenResponse([app.say(app.string("lists.no-title"), earcon: .error)]) }
            busy = true
            app.call({ try await engine.renameList(id: list.id, title: typed) }, for: self, as: Message.renamed)
            return .none
        }
        if source === delete {
            guard deletion.press(list.id) else {
                return app.askSecondPress(app.string("lists.confirm-delete", ["title": TextSafety.stripped(list.title)]))
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
                key = "lists.created"
            case .renamed(let result):
                list = try result.get()
                if let index = lists.firstIndex(where: { $0.id == list.id }) { lists[index] = list }
                titleField.setText("")
                show(index: wheel.index)
                key = "lists.renamed"
            case .deleted(let result):
                list = try result.get()
                lists.removeAll { $0.id == list.id }
                show(index: wheel.index)
                key = "lists.deleted"
            }
        } catch {
            return app.report(error)
        }
        app.send(.lists(lists, account: app.state.accountName))
        return ScreenResponse([app.say(app.string(key, ["title": TextSafety.stripped(list.title)]), earcon: .activate)])
    }
}
