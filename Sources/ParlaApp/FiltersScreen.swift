import ParlaPresentation
import LVControls
import MicroblogKit
import ParlaBase

/// The user's keyword filters (Go to, Filters): the wheel of them, each said with its words, action,
/// contexts and end; Enter edits the one under the marker, New filter (F2 or `n`) makes one, and
/// Delete removes one after a second press. Each change is said once the server took it.
final class FiltersScreen: AppScreen {
    unowned let app: AppContext
    private(set) var filters: [KeywordFilter]
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let add = Button.quiet()
    let toolbar: Toolbar
    /// Deleting asks for a second press.
    private var deletion = ConfirmTwice<String>()

    var title: String { app.string("filters.title") }
    var helpIntro: String { app.string("filters.help") }
    var controls: [any Control] { [wheel] }
    var bindings: [Binding] { app.bindings(for: [.newFilter, .removeItem]) }

    /// Opens the screen once the filters came, behind the loading screen.
    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("filters.title"), { try await engine.filters() },
                        as: { .screen($0.map { FiltersScreen(app: app, filters: $0) as any Screen }) })
    }

    init(app: AppContext, filters: [KeywordFilter]) {
        self.app = app
        self.filters = filters
        toolbar = Toolbar(localizer: app.localizer, first: add)
        // What is chosen opens and says itself: the activate earcon, not its name again with "chosen".
        wheel.quietChoice = true
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("filters.wheel")
        add.title = app.string("filters.new")
        show(index: wheel.index)
    }

    func show(index: Int) {
        let empty = app.string("safety.empty.filters")
        let items = filters.map { filter -> Presented in
            let text = Self.describe(filter, app: app)
            return Presented(display: text, line: text, spoken: text, language: nil)
        }
        wheel.setPresented(items.isEmpty ? [Presented(display: empty, line: empty, spoken: empty, language: nil)] : items,
                           index: min(index, max(0, items.count - 1)))
    }

    /// "Spoilers: spoiler, leak. Behind a warning in home and lists, public timelines. No end."
    static func describe(_ filter: KeywordFilter, app: AppContext) -> String {
        let words = filter.keywords.map { TextSafety.stripped($0.text) }.joined(separator: ", ")
        let contexts = filter.contexts.map { app.string("safety.context.\(TextSafety.stripped($0))") }.joined(separator: ", ")
        let line = app.string("safety.filter.line", [
            "title": TextSafety.stripped(filter.title), "words": words.isEmpty ? app.string("filters.no-words") : words,
            "action": app.string("safety.action.\(filter.action.rawValue)"), "contexts": contexts,
        ])
        let end = filter.expiresAt.map { app.string("safety.filter.until", ["date": ReminderText.time($0, app: app)]) }
            ?? app.string("safety.filter.forever")
        return line + " " + end
    }

    var current: KeywordFilter? { filters.indices.contains(wheel.index) ? filters[wheel.index] : nil }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if event.kind == .activated, event.source === add { return edit(nil) }
        guard case .selected = event.kind, event.source === wheel else { return .none }
        guard let filter = current else { return edit(nil) }
        return edit(filter)
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        switch command {
        case .newFilter: return edit(nil)
        case .removeItem: return deleteCurrent()
        default: return .none
        }
    }

    /// Opens the filter's editor (a new one when nil); what it saves comes back here.
    func edit(_ filter: KeywordFilter?) -> ScreenResponse {
        deletion.disarm()
        return ScreenResponse(navigation: .push(FilterEditScreen(app: app, filter: filter, list: self)))
    }

    func deleteCurrent() -> ScreenResponse {
        guard let filter = current else { return ScreenResponse([app.say(app.string("safety.empty.filters"), earcon: .edge)]) }
        guard deletion.press(filter.id) else {
            return app.askSecondPress(app.string("filters.confirm-delete", ["title": TextSafety.stripped(filter.title), "key": app.againKey(for: .removeItem)]))
        }
        deletion.disarm()
        let engine = app.engine
        let id = filter.id
        app.call({ try await engine.deleteFilter(id: id) }, for: self, as: { .deleted($0, id: id) })
        return .none
    }

    /// A filter saved in the editor: it takes its place in the list (or joins it), under the marker.
    func saved(_ filter: KeywordFilter) {
        if let index = filters.firstIndex(where: { $0.id == filter.id }) {
            filters[index] = filter
            show(index: index)
        } else {
            filters.append(filter)
            show(index: filters.count - 1)
        }
    }
}

extension FiltersScreen: MessageReceiver {
    enum Message {
        /// A filter deleted (it leaves the list) or not (it stays).
        case deleted(Result<Void, MicroblogError>, id: String)
    }

    func receive(_ message: Message) -> ScreenResponse {
        guard case .deleted(let result, let id) = message else { return .none }
        switch result {
        case .success:
            filters.removeAll { $0.id == id }
            show(index: wheel.index)
            return ScreenResponse([app.say(app.string("safety.done.filter-removed"), earcon: .activate)])
        case .failure(let error):
            return app.report(error)
        }
    }
}
