import ParlaPresentation
import LVControls
import MicroblogKit
import ParlaBase

/// The servers the user blocks (Go to, Blocked servers): the wheel of them, Unblock (F2 or Delete) for
/// the one under the marker, and a field to block another (Block server asks for a second press).
/// Each change is said once the server took it.
final class DomainBlocksScreen: AppScreen {
    unowned let app: AppContext
    private(set) var domains: [String]
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let field = TextField("")
    let block = Button.quiet()
    let unblock = Button.quiet()
    let toolbar: Toolbar
    /// Blocking a server asks for a second press.
    private var confirm = ConfirmTwice<String>()
    /// A change on its way (one at a time).
    private var busy = false

    var title: String { app.string("domains.title") }
    var helpIntro: String { app.string("domains.help") }
    var controls: [any Control] { [wheel, field, block] }
    var bindings: [Binding] { app.bindings(for: [.removeItem]) }

    /// Opens the screen once the list came, behind the loading screen.
    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("domains.title"), { try await engine.domainBlocks() },
                        as: { .screen($0.map { DomainBlocksScreen(app: app, domains: $0) as any Screen }) })
    }

    init(app: AppContext, domains: [String]) {
        self.app = app
        self.domains = domains
        toolbar = Toolbar(localizer: app.localizer, first: unblock)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("domains.wheel")
        field.title = app.string("domains.field")
        block.title = app.string("domains.block")
        unblock.title = app.string("domains.unblock")
        show(index: wheel.index)
    }

    func show(index: Int) {
        let empty = app.string("safety.empty.domains")
        let items = domains.map { domain -> Presented in
            let shown = TextSafety.stripped(domain)
            return Presented(display: shown, line: shown, spoken: shown, language: nil)
        }
        wheel.setPresented(items.isEmpty ? [Presented(display: empty, line: empty, spoken: empty, language: nil)] : items,
                           index: min(index, max(0, items.count - 1)))
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated else { return .none }
        if event.source === unblock { return unblockCurrent() }
        if event.source === block || event.source === field { return blockTyped() }
        return .none
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        command == .removeItem ? unblockCurrent() : .none
    }

    func unblockCurrent() -> ScreenResponse {
        guard domains.indices.contains(wheel.index) else {
            return ScreenResponse([app.say(app.string("safety.empty.domains"), earcon: .edge)])
        }
        return change(domains[wheel.index], blocked: false)
    }

    /// The typed server, checked (a name like example.com), blocked on the second press.
    func blockTyped() -> ScreenResponse {
        let domain = field.text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let valid = domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
            && domain.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        guard valid else {
            return ScreenResponse([app.say(app.string("domains.invalid"), priority: .alert, earcon: .error)])
        }
        guard confirm.press(domain) else {
            return app.askSecondPress(app.string("domains.confirm", ["domain": domain]))
        }
        confirm.disarm()
        return change(domain, blocked: true)
    }

    private func change(_ domain: String, blocked: Bool) -> ScreenResponse {
        guard !busy else { return .none }
        busy = true
        let engine = app.engine
        app.call({ try await engine.setDomainBlocked(blocked, domain: domain) }, for: self,
                 as: { .changed($0, domain: domain, blocked: blocked) })
        return .none
    }
}

extension DomainBlocksScreen: MessageReceiver {
    enum Message {
        /// A server blocked or unblocked (the list follows) or the server refused (nothing changed).
        case changed(Result<Void, MicroblogError>, domain: String, blocked: Bool)
    }

    func receive(_ message: Message) -> ScreenResponse {
        guard case .changed(let result, let domain, let blocked) = message else { return .none }
        busy = false
        switch result {
        case .success:
            if blocked {
                if !domains.contains(domain) { domains.append(domain) }
                field.setText("")
            } else {
                domains.removeAll { $0 == domain }
            }
            show(index: blocked ? domains.count - 1 : wheel.index)
            let key = blocked ? "safety.done.domain-block" : "safety.done.domain-unblock"
            return ScreenResponse([app.say(app.string(key, ["domain": TextSafety.stripped(domain)]), earcon: .activate)])
        case .failure(let error):
            return app.report(error)
        }
    }
}
