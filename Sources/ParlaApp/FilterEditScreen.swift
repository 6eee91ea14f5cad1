import Foundation
import LVControls
import MicroblogKit
import ParlaBase

/// Makes or changes a keyword filter: its title, its words (separated by commas, whole words or not),
/// what it does (behind a warning or hidden), where it applies, and when it ends. Save (F2) sends it;
/// the list of filters shows it once the server took it, and a refusal keeps everything typed.
final class FilterEditScreen: AppScreen {
    /// The ends offered, in seconds (nil: never).
    static let expiries: [Int?] = [nil, 1_800, 3_600, 21_600, 43_200, 86_400, 604_800]
    static let expiryNames = ["never", "30m", "1h", "6h", "12h", "1d", "7d"]
    static let actions: [FilterAction] = [.warn, .hide]

    unowned let app: AppContext
    /// The filter changed (nil: a new one).
    let filter: KeywordFilter?
    weak var list: FiltersScreen?
    let name = TextField("")
    let words = TextField("")
    let wholeWord: Toggle
    let action: Segmented
    let contexts: [Toggle]
    let expiry: Segmented
    let save = Button.quiet()
    let toolbar: Toolbar
    private var saving = false

    var title: String {
        filter.map { app.string("filter.edit-title", ["title": TextSafety.stripped($0.title)]) } ?? app.string("filter.new-title")
    }
    var helpIntro: String { app.string("filter.help") }
    var controls: [any Control] { [name, words, wholeWord, action] + contexts + [expiry] }

    init(app: AppContext, filter: KeywordFilter?, list: FiltersScreen?) {
        self.app = app
        self.filter = filter
        self.list = list
        name.setText(filter.map { TextSafety.stripped($0.title) } ?? "")
        words.setText(filter?.keywords.map { TextSafety.stripped($0.text) }.joined(separator: ", ") ?? "")
        wholeWord = Toggle("", isOn: filter?.keywords.allSatisfy(\.wholeWord) ?? true)
        action = Segmented("", options: Self.actions.map { app.string("safety.action.\($0.rawValue)") },
                           selected: filter.flatMap { Self.actions.firstIndex(of: $0.action) } ?? 0)
        // A new filter applies everywhere but profiles until the user says otherwise.
        let chosen = filter?.contexts ?? ["home", "notifications", "public", "thread"]
        contexts = KeywordFilter.allContexts.map { Toggle("", isOn: chosen.contains($0)) }
        // An existing filter's first choice keeps its end as it is.
        expiry = Segmented("", options: Self.expiryOptions(app: app, filter: filter))
        toolbar = Toolbar(localizer: app.localizer, first: save)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        name.title = app.string("filter.name")
        words.title = app.string("filter.words")
        wholeWord.title = app.string("filter.whole-word")
        action.title = app.string("filter.action")
        for (toggle, context) in zip(contexts, KeywordFilter.allContexts) {
            toggle.title = app.string("filter.context", ["context": app.string("safety.context.\(context)")])
        }
        expiry.title = app.string("filter.expiry")
        save.title = app.string("filter.save")
    }

    /// The ends offered: for an existing filter, keeping its own first.
    static func expiryOptions(app: AppContext, filter: KeywordFilter?) -> [String] {
        var ends = expiryNames.map { app.string("filter.expiry.\($0)") }
        if let filter {
            let now = filter.expiresAt.map { app.string("safety.filter.until", ["date": ReminderText.time($0, app: app)]) }
                ?? app.string("safety.filter.forever")
            ends.insert(app.string("filter.expiry.keep", ["end": now]), at: 0)
        }
        return ends
    }

    /// The words typed, without blanks or repeats.
    var typedWords: [String] {
        var seen: Set<String> = []
        return words.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// What to send: everything for a new filter, only what changed for an existing one.
    func draft() -> FilterDraft {
        let title = name.text.trimmingCharacters(in: .whitespaces)
        let chosen = zip(contexts, KeywordFilter.allContexts).filter { $0.0.isOn }.map(\.1)
        let kind = Self.actions[action.selected]
        let offset = filter == nil ? 0 : 1
        let end: Int?? = expiry.selected < offset ? nil : .some(Self.expiries[expiry.selected - offset])
        guard let filter else {
            return FilterDraft(title: title, contexts: chosen, action: kind, expiresIn: end ?? nil, addKeywords: typedWords, wholeWord: wholeWord.isOn)
        }
        var draft = FilterDraft(wholeWord: wholeWord.isOn)
        if title != filter.title { draft.title = title }
        if chosen != filter.contexts { draft.contexts = chosen }
        if kind != filter.action { draft.action = kind }
        draft.expiresIn = end
        let typed = typedWords
        if wholeWord.isOn != filter.keywords.allSatisfy(\.wholeWord) {
            // Whole words or not is each word's: they are all made again the new way.
            draft.removeKeywordIds = filter.keywords.map(\.id)
            draft.addKeywords = typed
        } else {
            let had = Set(filter.keywords.map { $0.text.lowercased() })
            draft.removeKeywordIds = filter.keywords.filter { keyword in !typed.contains { $0.lowercased() == keyword.text.lowercased() } }.map(\.id)
            draft.addKeywords = typed.filter { !had.contains($0.lowercased()) }
        }
        return draft
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated, event.source === save else { return .none }
        return send()
    }

    /// Checks the filter (a title, a word, a place) and sends it; the answer comes back to the screen.
    func send() -> ScreenResponse {
        let problem: String? = if name.text.trimmingCharacters(in: .whitespaces).isEmpty {
            "filter.no-title"
        } else if typedWords.isEmpty {
            "filter.no-words"
        } else if !contexts.contains(where: \.isOn) {
            "filter.no-context"
        } else {
            nil
        }
        if let problem { return ScreenResponse([app.say(app.string(problem), priority: .alert, earcon: .error)]) }
        guard !saving else { return .none }
        saving = true
        let engine = app.engine
        let draft = self.draft()
        let id = filter?.id
        app.call({ try await engine.saveFilter(draft, id: id) }, for: self, as: Message.saved)
        return .none
    }
}

extension FilterEditScreen: MessageReceiver {
    enum Message {
        /// The server took the filter (as it now is) or refused it (everything typed stays).
        case saved(Result<KeywordFilter, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        guard case .saved(let result) = message else { return .none }
        saving = false
        switch result {
        case .success(let saved):
            list?.saved(saved)
            let key = filter == nil ? "safety.done.filter-added" : "safety.done.filter-changed"
            return ScreenResponse([app.say(app.string(key, ["title": TextSafety.stripped(saved.title)]), priority: .alert, earcon: .activate)],
                                  navigation: .pop)
        case .failure(let error):
            return app.report(error)
        }
    }
}
