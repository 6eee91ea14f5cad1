import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
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
        /// One of the user's posts, changed in place (``ComposeScreen+Own``): its text as written.
        case edit(Post, PostSource)
        /// A deleted post written again as a new one: its text, warning, visibility, language, reply, poll and
        /// the files the server kept (attached again with their descriptions).
        case redraft(Draft, poll: Poll?, media: [MediaAttachment])
    }

    /// When fewer characters than this are left, the warning earcon plays (once per crossing).
    static let warningThreshold = 20
    /// The visibility levels offered: the account's network's (Mastodon's four; no choice where there is one).
    let visibilities: [Visibility]

    unowned let app: AppContext
    let mode: Mode
    let field: TextField
    let keypad: Keypad
    let warning: TextField
    let visibility: Segmented
    let language: Segmented
    let context: Button
    let counter = Label(text: "")
    let send = Button.quiet()
    let toolbar: Toolbar
    /// Files, poll and time.
    private(set) var writing: ComposeWriting!
    /// Completion of @mentions and #hashtags, and the spelling check, in the list under the text.
    private(set) var assist: ComposeAssist!
    /// Word prediction: the words offered on the keypad's row, or on a row of their own.
    private(set) var prediction: ComposePrediction!
    private var sent = false
    /// Whether the screen opens in the place of the one on top rather than over it.
    private var opensInPlace = false
    /// The text the screen opened with (a reply's mentions): left as it is, it keeps no draft.
    private var initialText = ""
    /// The content warning it opened with (an edited post's).
    private var initialWarning = ""
    /// An edit on its way to the server (the screen stays until it answers); whether Cancel closed it meanwhile.
    var editing = false
    var closed = false
    /// An edited post's attachments, each with a field holding its description.
    private(set) var mediaFields: [(id: String, field: TextField)] = []
    /// Whether a draft of this post is saved (written or restored).
    private var hasDraft = false
    /// Characters left when the counter was last updated.
    private var counterValue = 0
    /// The "characters left" notice said as the text came near the limit: withdrawn once it is no longer true (the
    /// text went over the limit, or back under the threshold), so a notice that waited behind the typing is never
    /// heard after the "over the limit" alert.
    private var leftNotice: Utterance?

    var title: String
    /// The title, with the language the post is written in when it is not the interface's
    /// ("Reply to Ana, writing in Catalan").
    var spokenTitle: String? {
        let chosen = Language.allCases[language.selected]
        guard chosen != app.localizer.language else { return nil }
        return app.string("result.compose.language", ["title": title, "language": app.string("language.\(chosen.code)")])
    }
    var helpIntro: String { app.string("screens.compose.help") + " " + app.string("compose.help") }
    var controls: [any Control] {
        let composed = assist.composeField
        // The content warning only where the network writes one as text; visibility where there is a choice.
        let warned: [any Control] = app.capabilities.has(.contentWarnings) ? [warning] : []
        let text: [any Control] = [composed] + prediction.controls + (app.settings.keypadShown ? [keypad] : []) + warned
        // An edit changes the text, the warning and the language; files, poll, visibility and time stay as they were.
        // The post replied to, to read again, only in a reply: a new post has no stop that only says "Not a reply".
        let replied: [any Control] = replyTo == nil ? [] : [context]
        if isEdit { return text + mediaFields.map(\.field) + [language] + replied }
        return text + writing.controls + (visibilities.count > 1 ? [visibility] : []) + [language] + replied
    }
    var bindings: [Binding] { app.bindings(for: [.keypad, .spellCheck, .phrases]) }

    /// F4 shows or hides the keypad (and keeps the choice, as Settings does); F7 checks the spelling.
    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        if command == .spellCheck { return assist.check(beforeSending: false) }
        if command == .phrases { return openPhrases() }
        guard command == .keypad else { return .none }
        var next = app.settings
        next.keypadShown.toggle()
        let problems = app.send(.settingsChanged(next))
        let said = app.string(next.keypadShown ? "screens.compose.keypad-shown" : "screens.compose.keypad-hidden")
        return ScreenResponse([app.say(said, earcon: next.keypadShown ? .toggleOn : .toggleOff)] + problems)
    }

    /// Opens the screen once the saved draft was read (so a restored draft is said as it opens, and
    /// is in the text field its entry reads); the server's limit fills in when it arrives.
    ///
    /// - Parameter inPlace: the screen takes the place of the one on top (the outbox opening a draft), so
    ///   that once it is sent or kept, Back leads on past it.
    static func open(app: AppContext, mode: Mode, inPlace: Bool = false) -> ScreenResponse {
        let screen = ComposeScreen(app: app, mode: mode)
        screen.opensInPlace = inPlace
        screen.loadLimit()
        screen.assist.loadKnown()
        screen.prediction.learnFromCache()
        let engine = app.engine
        let key = screen.draftKey
        app.call({ await engine.draft(key: key) }, for: screen, evenIfClosed: true, as: Message.draft)
        return .none
    }

    init(app: AppContext, mode: Mode) {
        self.app = app
        self.mode = mode
        field = TextField("", maxLength: app.state.maxCharacters, multiline: true, rows: 3)
        keypad = Keypad("", target: field, dwell: .milliseconds(app.settings.dwellMilliseconds))
        warning = TextField("")
        visibilities = app.capabilities.visibilities
        let languages = Language.allCases
        var visibilityIndex = 0
        // The account's own posting language when the server says it, else the interface's.
        let posting = app.state.me?.postingLanguage.flatMap { Language(localeIdentifier: $0) }
        var languageIndex = languages.firstIndex(of: posting ?? app.localizer.language) ?? 0
        switch mode {
        case .reply(let post):
            // A reply is written in the account's posting language, not the replied post's (said when it
            // is not the interface's, and changed with Language).
            visibilityIndex = visibilities.firstIndex(of: post.visibility) ?? 0
            // Where replies name the people they answer (Mastodon), they start with them; not on Bluesky.
            let answered = app.capabilities.repliesNameTheirAuthor ? [post.account.acct] + post.mentions.map(\.acct) : []
            let mentions = answered.filter { $0 != app.state.me?.acct }
            var seen: Set<String> = []
            let prefix = mentions.filter { seen.insert($0).inserted }.map { "@" + TextSafety.stripped($0) }.joined(separator: " ")
            if !prefix.isEmpty { field.setText(prefix + " ") }
        case .direct(let account):
            visibilityIndex = visibilities.firstIndex(of: .direct) ?? 0
            field.setText("@" + TextSafety.stripped(account.acct) + " ")
        case .mention(let account):
            field.setText("@" + TextSafety.stripped(account.acct) + " ")
        case .edit(let post, let source):
            visibilityIndex = visibilities.firstIndex(of: post.visibility) ?? 0
            if let code = post.language, let language = Language(localeIdentifier: code) { languageIndex = languages.firstIndex(of: language) ?? languageIndex }
            field.setText(source.text)
            warning.setText(source.spoilerText)
            mediaFields = post.media.map { ($0.id, TextField("", text: TextSafety.stripped($0.description ?? ""))) }
        case .redraft(let draft, _, _):
            visibilityIndex = visibilities.firstIndex(of: draft.visibility) ?? 0
            if let code = draft.language, let language = Language(localeIdentifier: code) { languageIndex = languages.firstIndex(of: language) ?? languageIndex }
            field.setText(draft.text)
            warning.setText(draft.spoilerText)
        case .new:
            break
        }
        visibility = Segmented("", options: visibilities.map { app.string("screens.visibility.\($0.rawValue)") }, selected: visibilityIndex)
        language = Segmented("", options: languages.map { app.string("language.\($0.code)") }, selected: languageIndex)
        context = Button.quiet()
        title = ""
        toolbar = Toolbar(localizer: app.localizer, first: counter, second: send)
        writing = ComposeWriting(app: app)
        assist = ComposeAssist(app: app, field: field) { [unowned self] in Language.allCases[self.language.selected] }
        assist.send = { [unowned self] in self.sendNow() }
        prediction = ComposePrediction(app: app, field: field, keypad: keypad, replyingTo: replyTo) { [unowned self] in
            Language.allCases[self.language.selected]
        }
        // The words follow the content warning while it is being written.
        prediction.otherFields = [warning]
        assist.composeField.wordKeys = { [unowned self] key in self.prediction.take(key: key) }
        assist.composeField.wordBindings = { [unowned self] in self.prediction.bindings }
        if case .redraft(_, let poll, let media) = mode {
            if let poll { writing.fill(poll) }
            writing.reattach(media)
        }
        // A redraft's post is gone: its text is always worth a draft; an edit's is not until changed.
        if case .redraft = mode {} else { initialText = field.text }
        initialWarning = warning.text
        // "Sending" and then what became of the post are said; never "Send done" before it went.
        send.quietPress = true
        relocalize()
    }

    /// Whether there is nothing worth a draft: what the screen opened with (a reply's mentions) or no text.
    var untouched: Bool {
        (field.text == initialText || field.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty) && warning.text == initialWarning
    }

    /// The draft's key: `new`, `reply:<id>` or `dm:<acct>`.
    var draftKey: String {
        switch mode {
        case .new, .mention: "new"
        case .reply(let post): "reply:\(post.id)"
        case .direct(let account): "dm:\(account.acct)"
        case .edit(let post, _): "edit:\(post.id)"
        case .redraft(let draft, _, _): draft.key
        }
    }

    var replyTo: Post? {
        if case .reply(let post) = mode { return post }
        return nil
    }

    func relocalize() {
        title = switch mode {
        case .new, .mention: app.string("screens.compose.title")
        case .reply(let post): app.string("screens.compose.reply-title", ["name": TextSafety.stripped(post.account.plainName)])
        case .direct(let account): app.string("screens.compose.direct-title", ["name": TextSafety.stripped(account.plainName)])
        case .edit: app.string("compose.edit-title")
        case .redraft: app.string("compose.redraft-title")
        }
        field.title = app.string("screens.compose.text")
        keypad.title = app.string("screens.compose.keypad")
        warning.title = app.string("screens.compose.warning")
        visibility.title = app.string("screens.compose.visibility")
        language.title = app.string("screens.compose.language")
        context.title = app.string(replyTo == nil ? "screens.compose.no-context" : "screens.compose.context")
        counter.name = ""
        send.title = app.string("screens.compose.send")
        keypad.doneTitle = send.title
        keypad.steps = [app.string("phrases.step")]
        toolbar.back.title = app.string("screens.compose.cancel")
        toolbar.back.shortTitle = app.string("toolbar.cancel.short")
        toolbar.info.title = app.string("lv.toolbar.info")
        writing?.relocalize()
        prediction?.relocalize()
        for (index, media) in mediaFields.enumerated() {
            media.field.title = app.string("edit.media-description", ["n": String(index + 1)])
        }
        updateCounter()
    }

    func updateCounter() {
        let left = field.charactersLeft ?? app.state.maxCharacters
        counterValue = left
        counter.text = left >= 0 ? app.string("screens.compose.left", ["count": String(left)])
            : app.string("lv.field.over.shown", ["count": String(-left)])
        // The screen-reader drawing shows the count only once the text is too long: drawn at every letter, it
        // would be read at every letter. Focused, the counter still says it.
        counter.spokenText = nil
        if app.theme.plain && left >= 0 {
            counter.spokenText = counter.text
            counter.text = ""
        }
    }

    private func loadLimit() {
        let engine = app.engine
        app.call({ try? await engine.instance().maxCharacters }, for: self, as: Message.limit)
        app.call({ try? await engine.instance() }, for: self, as: Message.limits)
    }

    /// The post as it stands.
    func newPost() -> NewPost {
        let code = Language.allCases[language.selected].code
        var post = NewPost(text: field.text, spoilerText: app.capabilities.has(.contentWarnings) ? warning.text : "", visibility: visibilities[visibility.selected],
                           language: code, inReplyToId: replyTo?.id ?? redraftedReplyId)
        writing.apply(to: &post)
        return post
    }

    private func saveDraft() {
        let engine = app.engine
        let key = draftKey
        guard !untouched else {
            // Back to what it opened with (a reply's mentions alone): nothing worth keeping.
            if hasDraft { app.services.runtime.fire { await engine.removeDraft(key: key) } }
            hasDraft = false
            return
        }
        hasDraft = true
        let post = newPost()
        let draft = Draft(key: draftKey, text: post.text, spoilerText: post.spoilerText, visibility: post.visibility,
                          language: post.language, inReplyToId: post.inReplyToId, updatedAt: app.services.wallClock(), media: writing.keptMedia)
        app.services.runtime.fire { await engine.saveDraft(draft) }
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if event.kind == .textChanged || (event.source === warning && event.kind == .textChanged) {
            let before = counterValue
            updateCounter()
            saveDraft()
            let assisted = event.source === field || event.source === keypad ? assist.textChanged(context: context) : []
            let left = field.charactersLeft ?? app.state.maxCharacters
            var stale: [Announcement] = []
            if let notice = leftNotice, left < 0 || left >= Self.warningThreshold {
                stale = [.withdraw(notice)]
                leftNotice = nil
            }
            if left < 0, before >= 0, event.source !== field {
                // The keypad or a completion crossed the limit (typing in the field says it itself).
                let over = Utterance(app.localizer.plural("lv.field.over", count: -left), priority: .alert, earcon: .error)
                return ScreenResponse(stale + [.say(over)] + assisted)
            }
            if left < Self.warningThreshold, left >= 0, before >= Self.warningThreshold {
                let notice = Utterance(app.localizer.plural("lv.field.left", count: left), priority: .notification, earcon: .edge)
                leftNotice = notice
                return ScreenResponse(stale + [.say(notice)] + assisted)
            }
            return ScreenResponse(stale + assisted)
        }
        if case .selected(let index) = event.kind, event.source === keypad || event.source === prediction.row {
            // A predicted word chosen on the keypad's row or the word row: it goes in the text whole.
            guard let taken = prediction.take(index), let changed = taken.events.first else { return .none }
            var response = handle(changed, context: context)
            response.announcements.insert(contentsOf: taken.announcements, at: 0)
            return response
        }
        if case .step = event.kind, event.source === keypad { return openPhrases() }
        if case .selected = event.kind, event.source === visibility || event.source === language {
            saveDraft()
            return .none
        }
        guard event.kind == .activated else { return .none }
        if event.source === self.context {
            guard let post = replyTo else { return ScreenResponse([app.say(app.string("screens.compose.no-context"))]) }
            let presented = app.present(post, whole: true)
            return ScreenResponse([.say(presented.utterance())])
        }
        // The keypad's last scanning step is Send (``Keypad/doneTitle``).
        if event.source === send || event.source === keypad { return sendNow() }
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
        if assist.mustCheckBeforeSending { return assist.check(beforeSending: true) }
        if isEdit { return sendEdit(post) }
        if let ask = writing.confirmDescriptions() { return ask }
        guard !sent else { return .none }
        sent = true
        let engine = app.engine
        let key = draftKey
        if post.scheduledAt != nil { return schedule(post) }
        prediction.learnSent(post.text)
        // What becomes of the post is told by the engine (sent, queued, failed).
        app.services.runtime.fire {
            _ = await engine.send(post)
            await engine.removeDraft(key: key)
        }
        // An alert, so the screen below does not cut it as it opens.
        return ScreenResponse([.say(app.sendingNotice)], navigation: .pop)
    }

    /// After a refused schedule the user may send again.
    func allowSendingAgain() { sent = false }

    /// Cancel keeps the draft ("Draft kept", an alert so the screen below does not cut it); an
    /// untouched post (a reply's mentions alone) keeps none.
    func back(context: ControlContext) -> ScreenResponse {
        closed = true
        saveDraft()
        guard !untouched else { return ScreenResponse(navigation: .pop) }
        return ScreenResponse([app.say(app.string("screens.compose.kept"), priority: .alert)], navigation: .pop)
    }

    /// The user's phrases, over compose: one chosen goes in where the cursor is (with a space before it when
    /// the text before does not end in one).
    func openPhrases() -> ScreenResponse {
        let screen = PhrasesScreen(app: app, text: field.text, returning: assist.composeField) { [unowned self] phrase in
            let before = Array(field.text)[..<field.cursor]
            let spaced = (before.last.map { !$0.isWhitespace } ?? false ? " " : "") + phrase + " "
            field.replace(field.cursor..<field.cursor, with: spaced)
            updateCounter()
            saveDraft()
            // Back in the text, which says itself with the phrase in it: the phrase is not said twice.
            return ControlResponse([.play(.activate)])
        }
        return ScreenResponse(navigation: .push(screen))
    }

    /// The words offered follow the cursor: typed, moved or a word taken.
    func turnEnded() {
        prediction.update()
    }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        return ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}

extension ComposeScreen: MessageReceiver {
    /// The results of the calls the screen starts.
    enum Message {
        /// The saved draft, once read: the screen opens with it.
        case draft(Result<Draft?, MicroblogError>)
        /// The server's post length limit, once known.
        case limit(Result<Int?, MicroblogError>)
        /// The server's limits on files, once known.
        case limits(Result<InstanceInfo?, MicroblogError>)
        /// The server kept the post for later.
        case scheduled(Result<ScheduledPost, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .scheduled(let result):
            return scheduled(result)
        case .limits(let result):
            if case .success(let info?) = result { writing.limits = info }
            return .none
        case .limit(let result):
            guard case .success(let limit?) = result else { return .none }
            app.send(.maxCharacters(limit, account: app.state.accountName))
            field.maxLength = limit
            updateCounter()
            return .none
        case .draft(let result):
            var said: [Announcement] = []
            if case .success(let draft?) = result, !draft.text.isEmpty, draft.text != field.text {
                field.setText(draft.text)
                warning.setText(draft.spoilerText)
                if let index = visibilities.firstIndex(of: draft.visibility) { visibility.select(index) }
                hasDraft = true
                // Said as the screen opens, before its entry (an alert, so the entry does not cut it).
                said.append(app.say(app.string("screens.compose.draft-restored"), priority: .alert))
            }
            updateCounter()
            return ScreenResponse(said, navigation: opensInPlace ? .replace(self) : .push(self))
        }
    }
}
