import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TerminalKit

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

    var title: String { app.string("members.title", ["title": TextSafety.stripped(list.title)]) }
    var helpIntro: String { app.string("members.help") }
    var controls: [any Control] { [wheel] }
    var bindings: [Binding] { app.bindings(for: [.author]) }

    static func open(app: AppContext, list: UserList) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("members.title", ["title": TextSafety.stripped(list.title)]), { try await engine.listAccounts(id: list.id) },
                        as: { .screen($0.map { ListMembersScreen(app: app, list: list, people: $0) as any Screen }) })
    }

    init(app: AppContext, list: UserList, people: [Account]) {
        self.app = app
        self.list = list
        self.people = people
        toolbar = Toolbar(localizer: app.localizer, first: remove)
        // What is chosen opens and says itself: the activate earcon, not its name again with "chosen".
        wheel.quietChoice = true
        remove.quietPress = true
        relocalize()
    }

    var current: Account? { people.indices.contains(wheel.index) ? people[wheel.index] : nil }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("members.wheel")
        remove.title = app.string("members.remove")
        show(index: wheel.index)
    }

    func show(index: Int) {
        let empty = app.string("lists.no-members", ["title": TextSafety.stripped(list.title)])
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
            return ScreenResponse([app.say(app.string("lists.removed", values), earcon: .activate)])
        case .removed(.failure(let error)):
            return app.report(error)
        }
    }
}
