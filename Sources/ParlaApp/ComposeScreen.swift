import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import SpeechKit
import TerminalKit

/// The thesis's keyboard screen: the post's text field with the timed keypad under it, the content
/// warning, visibility and language, and the toolbar: Cancel (Esc), Info (F1), characters left (F2),
/// Send (F3). Every change is saved as a draft; sending goes through the outbox.
final class ComposeScreen: AppScreen {
    enum Mode: Equatable {
        case new
        case reply(Post)
        case direct(Account)
        case mention(Account)
    }

    /// When fewer characters than this are left, the warning earcon plays (once per crossing).
    static let warningThreshold = 20
    static let visibilities: [Visibility] = [.public, .unlisted, .private, .direct]

    unowned let app: AppContext
    let mode: Mode
    let field: TextField
    let keypad: Keypad
    let warning: TextField
    let visibility: Segmented
    let language: Segmented
    let context: Button
    let counter = Label(text: "")
    let send = Button("")
    let toolbar: Toolbar
    /// Files, poll and time.
    private(set) var writing: ComposeWriting!
    private var sent = false
    /// Characters left when the counter was last updated.
    private var counterValue = 0

    var title: String
    var helpIntro: String { app.string("screens.compose.help") }
    var controls: [any Control] {
        (app.settings.keypadShown ? [field, keypad, warning] : [field, warning]) + writing.controls + [visibility, language, context]
    }
    var bindings: [Binding] { app.services.keymap.bindings(for: [.keypad]) }

    /// F4 shows or hides the keypad (and keeps the choice, as Settings does).
    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        guard command == .keypad else { return .none }
        var next = app.settings
        next.keypadShown.toggle()
        let problems = app.send(.settingsChanged(next))
        let said = app.string(next.keypadShown ? "screens.compose.keypad-shown" : "screens.compose.keypad-hidden")
        return ScreenResponse([app.say(said, earcon: next.keypadShown ? .toggleOn : .toggleOff)] + problems)
    }

    /// Opens the screen; it fills in the saved draft and the server's limit when they arrive.
    static func open(app: AppContext, mode: Mode) -> ScreenResponse {
        let screen = ComposeScreen(app: app, mode: mode)
        screen.loadDraftAndLimit()
        return ScreenResponse(navigation: .push(screen))
    }

    init(app: AppContext, mode: Mode) {
        self.app = app
        self.mode = mode
        field = TextField("", maxLength: app.state.maxCharacters, multiline: true, rows: 3)
        keypad = Keypad("", target: field, dwell: .milliseconds(app.settings.dwellMilliseconds))
        warning = TextField("")
        let languages = Language.allCases
        var visibilityIndex = 0
        // The account's own posting language when the server says it, else the interface's.
        let posting = app.state.me?.postingLanguage.flatMap { Language(localeIdentifier: $0) }
        var languageIndex = languages.firstIndex(of: posting ?? app.localizer.language) ?? 0
        switch mode {
        case .reply(let post):
            visibilityIndex = Self.visibilities.firstIndex(of: post.visibility) ?? 0
            if let code = post.language, let language = Language(localeIdentifier: code) { languageIndex = languages.firstIndex(of: language) ?? languageIndex }
            let mentions = ([post.account.acct] + post.mentions.map(\.acct)).filter { $0 != app.state.me?.acct }
            var seen: Set<String> = []
            let prefix = mentions.filter { seen.insert($0).inserted }.map { "@" + TextSafety.stripped($0) }.joined(separator: " ")
            if !prefix.isEmpty { field.setText(prefix + " ") }
        case .direct(let account):
            visibilityIndex = 3
            field.setText("@" + TextSafety.stripped(account.acct) + " ")
        case .mention(let account):
            field.setText("@" + TextSafety.stripped(account.acct) + " ")
        case .new:
            break
        }
        visibility = Segmented("", options: Self.visibilities.map { app.string("screens.visibility.\($0.rawValue)") }, selected: visibilityIndex)
        language = Segmented("", options: languages.map { app.string("language.\($0.code)") }, selected: languageIndex)
        context = Button("")
        title = ""
        toolbar = Toolbar(localizer: app.localizer, first: counter, second: send)
        writing = ComposeWriting(app: app)
        relocalize()
    }

    /// The draft's key: `new`, `reply:<id>` or `dm:<acct>`.
    var draftKey: String {
        switch mode {
        case .new, .mention: "new"
        case .reply(let post): "reply:\(post.id)"
        case .direct(let account): "dm:\(account.acct)"
        }
    }

    var replyTo: Post? {
        if case .reply(let post) = mode { return post }
        return nil
    }

    func relocalize() {
        title = switch mode {
        case .new, .mention: app.string("screens.compose.title")
        case .reply(let post): app.string("screens.compose.reply-title", ["name": TextSafety.stripped(post.account.name)])
        case .direct(let account): app.string("screens.compose.direct-title", ["name": TextSafety.stripped(account.name)])
        }
        field.title = app.string("screens.compose.text")
        keypad.title = app.string("screens.compose.keypad")
        warning.title = app.string("screens.compose.warning")
        visibility.title = app.string("screens.compose.visibility")
        language.title = app.string("screens.compose.language")
        context.title = app.string(replyTo == nil ? "screens.compose.no-context" : "screens.compose.context")
        counter.name = ""
        send.title = app.string("screens.compose.send")
        toolbar.back.title = app.string("screens.compose.cancel")
        toolbar.info.title = app.string("lv.toolbar.info")
        writing?.relocalize()
        updateCounter()
    }

    func updateCounter() {
        let left = field.charactersLeft ?? app.state.maxCharacters
        counterValue = left
        counter.text = left >= 0 ? app.string("screens.compose.left", ["count": String(left)])
            : app.string("lv.field.over.shown", ["count": String(-left)])
    }

    private func loadDraftAndLimit() {
        let engine = app.engine
        let key = draftKey
        app.call({ () -> (Draft?, InstanceInfo?) in
            let draft = await engine.draft(key: key)
            let info = try? await engine.instance()
            return (draft, info)
        }, for: self, as: Message.loaded)
    }

    /// The post as it stands.
    func newPost() -> NewPost {
        let code = Language.allCases[language.selected].code
        var post = NewPost(text: field.text, spoilerText: warning.text, visibility: Self.visibilities[visibility.selected],
                           language: code, inReplyToId: replyTo?.id)
        writing.apply(to: &post)
        return post
    }

    private func saveDraft() {
        let post = newPost()
        let draft = Draft(key: draftKey, text: post.text, spoilerText: post.spoilerText, visibility: post.visibility,
                          language: post.language, inReplyToId: post.inReplyToId, updatedAt: app.services.wallClock())
        let engine = app.engine
        app.services.runtime.fire { await engine.saveDraft(draft) }
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if event.kind == .textChanged || (event.source === warning && event.kind == .textChanged) {
            let before = counterValue
            updateCounter()
            saveDraft()
            let left = field.charactersLeft ?? app.state.maxCharacters
            if left < Self.warningThreshold, left >= 0, before >= Self.warningThreshold {
                return ScreenResponse([.say(Utterance(app.string("lv.field.left", ["count": String(left)]), priority: .notification, earcon: .edge))])
            }
            return .none
        }
        if case .selected = event.kind, event.source === visibility || event.source === language {
            saveDraft()
            return .none
        }
        guard event.kind == .activated else { return .none }
        if event.source === self.context {
            guard let post = replyTo else { return ScreenResponse([app.say(app.string("screens.compose.no-context"))]) }
            let presented = app.present(post)
            return ScreenResponse([.say(Utterance(presented.spoken, language: presented.language))])
        }
        if event.source === send { return sendNow() }
        return writing.handle(event) ?? .none
    }

    func sendNow() -> ScreenResponse {
        let post = newPost()
        if post.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && post.attachments.isEmpty && post.pollOptions.isEmpty {
            return ScreenResponse([app.say(app.string("screens.compose.empty"), priority: .alert, earcon: .error)])
        }
        if let left = field.charactersLeft, left < 0 {
            return ScreenResponse([app.say(app.string("screens.compose.too-long", ["count": String(-left)]), priority: .alert, earcon: .error)])
        }
        if let ask = writing.confirmDescriptions() { return ask }
        guard !sent else { return .none }
        sent = true
        let engine = app.engine
        let key = draftKey
        if post.scheduledAt != nil { return schedule(post) }
        // What becomes of the post is told by the engine (sent, queued, failed).
        app.services.runtime.fire {
            _ = await engine.send(post)
            await engine.removeDraft(key: key)
        }
        return ScreenResponse([app.say(app.string("screens.compose.sending"), earcon: .activate)], navigation: .pop)
    }

    /// After a refused schedule the user may send again.
    func allowSendingAgain() { sent = false }

    /// Cancel keeps the draft.
    func back(context: ControlContext) -> ScreenResponse {
        guard !field.text.isEmpty else { return ScreenResponse(navigation: .pop) }
        saveDraft()
        return ScreenResponse([app.say(app.string("screens.compose.kept"), priority: .notification)], navigation: .pop)
    }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        return ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}

extension ComposeScreen: MessageReceiver {
    /// The results of the calls the screen starts.
    enum Message {
        /// The saved draft and the server's post length limit, once read.
        case loaded(Result<(Draft?, InstanceInfo?), MicroblogError>)
        /// The server kept the post for later.
        case scheduled(Result<ScheduledPost, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        if case .scheduled(let result) = message { return scheduled(result) }
        guard case .loaded(.success(let (draft, info))) = message else { return .none }
        if let info { writing.limits = info }
        if let limit = info?.maxCharacters {
            app.send(.maxCharacters(limit, account: app.state.accountName))
            field.maxLength = limit
        }
        var said: [Announcement] = []
        if let draft, !draft.text.isEmpty, draft.text != field.text {
            field.setText(draft.text)
            warning.setText(draft.spoilerText)
            if let index = Self.visibilities.firstIndex(of: draft.visibility) { visibility.select(index) }
            said.append(app.say(app.string("screens.compose.draft-restored"), priority: .notification))
        }
        updateCounter()
        return ScreenResponse(said)
    }
}
