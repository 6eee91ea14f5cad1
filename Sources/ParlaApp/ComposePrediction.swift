import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import SpeechKit
import TerminalKit
import WordPrediction

/// Word prediction in compose: after each letter, up to five words that complete the one being typed; after a
/// space, the likely next words. They are offered on the keypad's row of words (reached by Up, and scanned
/// first by one switch) or, with the keypad hidden, on a row of their own after the text; Alt+1 to Alt+5 in the
/// text put one in. A chosen word goes in whole, followed by a space.
///
/// The words come from the user's own posts (in the cache, and each post sent), the post being answered, and
/// the post language's list. What is learnt stays in the config folder (``PredictionStore``) and is never sent.
final class ComposePrediction {
    unowned let app: AppContext
    /// The post's text.
    let field: TextField
    /// The other fields written in compose (the content warning): the words follow the one being written.
    var otherFields: [TextField] = []
    /// The field the words are offered for: the one of ``field`` and ``otherFields`` focused last.
    private(set) lazy var written: TextField = field
    let keypad: Keypad
    /// The words' row when the keypad is hidden.
    let row: WordRow
    private let language: () -> Language
    private let store: PredictionStore
    private(set) var predictor: WordPredictor
    /// The words offered now, best first.
    private(set) var words: [String] = []
    /// What the words offered were worked out for.
    private struct Place: Equatable {
        var text: String
        var cursor: Int
        var language: Language
        var enabled: Bool
    }
    private var offeredAt: Place?

    /// The keys that put word 1 to 5 in the text.
    static let keys: [Key] = (1...WordPredictor.maxSuggestions).map { .alt(Character(String($0))) }

    init(app: AppContext, field: TextField, keypad: Keypad, replyingTo post: Post?, language: @escaping () -> Language) {
        self.app = app
        self.field = field
        self.keypad = keypad
        self.language = language
        row = WordRow("")
        store = PredictionStore(configDirectory: app.services.configDirectory)
        let context = post.map { app.text($0.content).display } ?? ""
        predictor = WordPredictor(memory: app.settings.wordPrediction ? store.load() : PredictionMemory(), list: nil, context: context)
        relocalize()
        update()
    }

    var enabled: Bool { app.settings.wordPrediction }

    /// The controls prediction adds after the text: its own row when the keypad is hidden.
    var controls: [any Control] { enabled && !app.settings.keypadShown ? [row] : [] }

    func relocalize() {
        row.title = app.string("prediction.row")
    }

    /// Offers the words for where the cursor now is (after a key, a word taken, a language changed).
    func update() {
        let chosen = language()
        // The words follow the field being written; on the words' row or the keypad, the one written last.
        if let focused = ([field] + otherFields).first(where: \.hasFocus) { written = focused }
        let field = written
        // Every turn ends here (a key anywhere, a timer): nothing is worked out again where nothing changed.
        let place = Place(text: field.text, cursor: field.cursor, language: chosen, enabled: enabled)
        guard place != offeredAt else { return }
        offeredAt = place
        keypad.showsWords = enabled
        guard enabled else {
            words = []
            keypad.words = []
            row.words = []
            return
        }
        predictor.list = app.services.wordLists?.list(for: chosen)
        words = predictor.suggestions(in: Array(field.text), cursor: field.cursor, now: app.services.wallClock())
        keypad.words = words
        keypad.wordsLanguage = chosen.code
        row.words = words
        row.language = chosen.code
    }

    /// Puts word `index` in the text in place of the letters typed of it, followed by a space. With `echo` (Alt
    /// and a number, where the word was not heard before) the word is said in the post's voice; chosen on the
    /// keypad's row or the word row, where it was just heard, nothing more is said (the row played the activate earcon).
    func take(_ index: Int, echo: Bool = false) -> ControlResponse? {
        let field = written
        guard enabled, words.indices.contains(index),
              let position = WordPredictor.position(in: Array(field.text), cursor: field.cursor) else { return nil }
        let word = words[index]
        field.replace(position.start..<field.cursor, with: word + " ")
        let said: [Announcement] = echo
            ? [.say(Utterance(segments: [Utterance.Segment(word, language: language().code)], earcon: .activate))] : []
        return ControlResponse(said, events: [ControlEvent(source: field, kind: .textChanged)])
    }

    /// Alt+1 to Alt+5 in the text: the word of that number; nil for any other key.
    func take(key: Key) -> ControlResponse? {
        guard enabled, let index = Self.keys.firstIndex(of: key) else { return nil }
        guard words.indices.contains(index) else {
            return ControlResponse([.text(app.string("prediction.no-word", ["n": String(index + 1)]), earcon: .edge)])
        }
        return take(index, echo: true)
    }

    /// The keys' line in the text field's key help (F1).
    var bindings: [KeyBinding<ControlCommand>] {
        enabled ? [KeyBinding(Self.keys, ControlCommand(rawValue: "take-word"), "prediction.key.take")] : []
    }

    // MARK: Learning

    /// Learns from the user's own posts in the cache (each once), off the key loop; the words then offered
    /// take them in.
    func learnFromCache() {
        guard enabled, let me = app.state.me else { return }
        let engine = app.engine
        let presenter = app.services.presenter
        let localizer = app.localizer
        let settings = app.presentation
        // Background work nobody waits on: not one of the calls whose end the offline notice waits for.
        _ = app.services.runtime.run({ () -> [(String, String, Date)] in
            var own: [String: Post] = [:]
            for kind in [TimelineKind.user(accountId: me.id), .home] {
                for post in await engine.cached(kind) where post.account.id == me.id && post.reblog == nil { own[post.id] = post }
            }
            return own.values.map { ($0.id, presenter.text($0.content, localizer: localizer, settings: settings, voice: nil).display, $0.createdAt) }
        }, then: { [weak self] result in
            guard let self else { return }
            self.app.respond(self.receive(.own(result)))
        })
    }

    /// Learns a post as it is sent, and keeps what was learnt.
    func learnSent(_ text: String) {
        guard enabled else { return }
        predictor.memory.learn(text, at: app.services.wallClock())
        store.save(predictor.memory)
    }

    /// Forgets everything prediction learnt (Settings' "Forget what prediction learnt").
    static func forget(app: AppContext) -> Bool {
        let store = PredictionStore(configDirectory: app.services.configDirectory)
        var memory = store.load()
        memory.forget(at: app.services.wallClock())
        return store.save(memory)
    }
}

extension ComposePrediction: MessageReceiver {
    enum Message {
        /// The user's own cached posts: id, text and when written.
        case own(Result<[(String, String, Date)], MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        guard case .own(.success(let posts)) = message else { return .none }
        let before = predictor.memory
        for (id, text, date) in posts.sorted(by: { $0.2 < $1.2 }) { predictor.memory.learn(text, at: date, postId: id) }
        guard predictor.memory != before else { return .none }
        store.save(predictor.memory)
        offeredAt = nil
        update()
        return .none
    }
}
