import Foundation
import LVControls
import ParlaBase
import ParlaPresentation
import SpeechKit
import WordPrediction

/// The user's phrases (issue 30), from compose (F6, or the keypad's "Phrases" scan step): Enter on one puts it
/// in the post where the cursor was and goes back. The field below holds the post's text as it was: Add keeps it
/// as a new phrase, Replace puts it in place of the phrase under the marker, Delete (F2) removes that one.
/// Sentences the user often writes are offered after the phrases ("Offered: Thank you all!"): Enter keeps one,
/// Delete turns it down for good.
final class PhrasesScreen: AppScreen {
    unowned let app: AppContext
    private let store: PhraseStore
    private(set) var bank: PhraseBank
    private(set) var offered: [String]
    /// Puts a chosen phrase in the post.
    private let insert: (String) -> ControlResponse
    /// The post's text, where focus goes back when the screen closes (a phrase chosen or not).
    private let text: (any Control)?
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let field: TextField
    let add = Button("")
    let replace = Button("")
    let delete = Button("")
    let toolbar: Toolbar

    var title: String { app.string("phrases.title") }
    var helpIntro: String { app.string("phrases.help") }
    var controls: [any Control] { [wheel, field, add, replace] }

    /// - Parameters:
    ///   - text: the post's text as written, offered to be kept as a phrase.
    ///   - returning: the control focus goes back to when the screen closes (compose's text).
    ///   - insert: puts a chosen phrase in the post.
    init(app: AppContext, text: String, returning: (any Control)? = nil, insert: @escaping (String) -> ControlResponse) {
        self.app = app
        self.insert = insert
        self.text = returning
        store = PhraseStore(configDirectory: app.services.configDirectory)
        let starters = (1...Self.starterCount).map { app.string("phrases.starter.\($0)") }
        bank = store.load(starters: starters)
        offered = app.settings.wordPrediction
            ? bank.offered(from: PredictionStore(configDirectory: app.services.configDirectory).load()) : []
        field = TextField("", text: TextSafety.stripped(text).trimmingCharacters(in: .whitespacesAndNewlines))
        toolbar = Toolbar(localizer: app.localizer, first: delete)
        // A phrase chosen says itself as it goes into the post: not its name again with "chosen".
        wheel.quietChoice = true
        for button in [add, replace, delete] { button.quietPress = true }
        relocalize()
    }

    /// The starters every language has (`phrases.starter.1` …).
    static let starterCount = 6

    /// Back to compose, in its text (Esc came from the text, or from the keypad's Phrases step), not on the
    /// counter or wherever its focus was left.
    func back(context: ControlContext) -> ScreenResponse {
        var response = ScreenResponse(navigation: .pop)
        response.returnFocus = text
        return response
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("phrases.wheel")
        field.title = app.string("phrases.field")
        add.title = app.string("phrases.add")
        replace.title = app.string("phrases.replace")
        delete.title = app.string("phrases.delete")
        show(index: wheel.index)
    }

    /// The phrases, then the offered ones; "No phrases yet" when there are none.
    func show(index: Int) {
        var items = bank.phrases.map { Presented(display: $0, line: $0, spoken: $0, language: nil) }
        items += offered.map { phrase in
            let text = app.string("phrases.offered", ["phrase": phrase])
            return Presented(display: text, line: text, spoken: text, language: nil)
        }
        if items.isEmpty {
            let none = app.string("phrases.empty")
            items = [Presented(display: none, line: none, spoken: none, language: nil)]
        }
        wheel.setPresented(items, index: min(max(0, index), items.count - 1))
    }

    private func keep(_ said: String, earcon: Earcon = .activate, index: Int? = nil) -> ScreenResponse {
        guard store.save(bank) else {
            return ScreenResponse([app.say(app.string("phrases.not-saved"), priority: .answer, earcon: .error)])
        }
        show(index: index ?? wheel.index)
        return ScreenResponse([app.say(said, priority: .answer, earcon: earcon)])
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        let index = wheel.index
        let source = event.source
        if case .selected = event.kind, source === wheel {
            if bank.phrases.indices.contains(index) {
                // Into the post, where its cursor was; back to compose.
                let inserted = insert(bank.phrases[index])
                var response = ScreenResponse(inserted.announcements, navigation: .pop)
                response.returnFocus = text
                return response
            }
            let offer = index - bank.phrases.count
            guard offered.indices.contains(offer) else { return .none }
            let phrase = offered.remove(at: offer)
            bank.add(phrase)
            return keep(app.string("phrases.kept", ["phrase": phrase]), index: bank.phrases.count - 1)
        }
        guard event.kind == .activated else { return .none }
        let text = field.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if source === add || source === field {
            guard bank.add(text) else { return ScreenResponse([app.say(app.string(text.isEmpty ? "phrases.write-first" : "phrases.already"), earcon: .edge)]) }
            return keep(app.string("phrases.added", ["phrase": text]), index: bank.phrases.count - 1)
        }
        if source === replace {
            guard bank.phrases.indices.contains(index) else { return ScreenResponse([app.say(app.string("phrases.choose-first"), earcon: .edge)]) }
            let old = bank.phrases[index]
            guard bank.replace(index, with: text) else {
                return ScreenResponse([app.say(app.string(text.isEmpty ? "phrases.write-first" : "phrases.already"), earcon: .edge)])
            }
            return keep(app.string("phrases.replaced", ["old": old, "phrase": text]))
        }
        if source === delete {
            if bank.phrases.indices.contains(index) {
                let phrase = bank.phrases[index]
                bank.remove(index)
                return keep(app.string("phrases.deleted", ["phrase": phrase]), earcon: .toggleOff)
            }
            let offer = index - bank.phrases.count
            guard offered.indices.contains(offer) else { return ScreenResponse([app.say(app.string("phrases.empty"), earcon: .edge)]) }
            let phrase = offered.remove(at: offer)
            bank.dismiss(phrase)
            return keep(app.string("phrases.dismissed", ["phrase": phrase]), earcon: .toggleOff)
        }
        return .none
    }
}
