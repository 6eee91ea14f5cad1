import LVControls
import MicroblogKit
import ParlaBase
import TerminalKit

/// The people asking to follow the user (from Go to): the person under the marker's handle and name,
/// the wheel of them; Accept (F2) and Reject (F3). Each answer is said once the server took it, and the
/// person leaves the wheel. Enter opens their details.
final class FollowRequestsScreen: AppScreen {
    unowned let app: AppContext
    var people: [Account]
    let handle = Label(text: "")
    let name = Label(text: "")
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let accept = Button("")
    let reject = Button("")
    let toolbar: Toolbar
    /// The person whose answer is on its way (one at a time).
    private var answering: String?

    var title: String { app.string("safety.requests.title") }
    var helpIntro: String { app.string("safety.requests.help") }
    var controls: [any Control] { [handle, name, wheel] }
    var initialFocus: Int { 2 }
    var bindings: [Binding] { app.services.keymap.bindings(for: [.author]) }

    /// Opens the screen once the requests came, behind the loading screen.
    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("safety.requests.title"), { try await engine.followRequests(page: .newest).items },
                        as: { .screen($0.map { FollowRequestsScreen(app: app, people: $0) as any Screen }) })
    }

    init(app: AppContext, people: [Account]) {
        self.app = app
        self.people = people
        toolbar = Toolbar(localizer: app.localizer, first: accept, second: reject)
        // The answer is said once the server took it, not as the key is pressed.
        accept.quietPress = true
        reject.quietPress = true
        relocalize()
    }

    var current: Account? { people.indices.contains(wheel.index) ? people[wheel.index] : nil }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        handle.name = app.string("screens.user.handle")
        name.name = app.string("screens.user.name")
        wheel.title = app.string("safety.requests.wheel")
        accept.title = app.string("safety.requests.accept")
        reject.title = app.string("safety.requests.reject")
        show(index: wheel.index)
    }

    func show(index: Int) {
        wheel.setPresented(people.map { app.present($0) }, index: min(index, max(0, people.count - 1)))
        turnEnded()
    }

    func turnEnded() {
        handle.text = current.map { "@" + TextSafety.stripped($0.acct) } ?? ""
        name.text = current.map { TextSafety.stripped($0.name) } ?? app.string("safety.empty.requests")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard let person = current else {
            return event.kind == .activated ? ScreenResponse([app.say(app.string("safety.empty.requests"), earcon: .edge)]) : .none
        }
        if case .selected = event.kind, event.source === wheel { return UserDetailsScreen.open(app: app, account: person) }
        guard event.kind == .activated, event.source === accept || event.source === reject, answering == nil else { return .none }
        let yes = event.source === accept
        let engine = app.engine
        let id = person.id
        answering = id
        app.call({ try await engine.answerFollowRequest(accountId: id, accept: yes) }, for: self,
                 as: { .answered($0.map { _ in () }, person: person, accepted: yes) })
        return .none
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        guard command == .author, let person = current else { return .none }
        return UserDetailsScreen.open(app: app, account: person)
    }
}

extension FollowRequestsScreen: MessageReceiver {
    enum Message {
        /// An answer went through (the person leaves the wheel) or failed (they stay).
        case answered(Result<Void, MicroblogError>, person: Account, accepted: Bool)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .answered(let result, let person, let accepted):
            answering = nil
            switch result {
            case .success:
                people.removeAll { $0.id == person.id }
                show(index: wheel.index)
                let handle = "@" + TextSafety.stripped(person.acct)
                return ScreenResponse([app.say(app.string(accepted ? "safety.done.accept" : "safety.done.reject", ["handle": handle]),
                                               earcon: .activate)])
            case .failure(let error):
                return app.report(error)
            }
        }
    }
}
