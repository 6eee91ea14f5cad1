import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// One row of the outbox screen: a post waiting to be sent (or refused), or a draft.
enum OutboxEntry: Equatable {
    case queued(OutboxItem)
    case draft(Draft)

    var id: String {
        switch self {
        case .queued(let item): "outbox:\(item.id)"
        case .draft(let draft): "draft:\(draft.key)"
        }
    }
}

/// The outbox and drafts (`o`, or Go to): the whole text under the marker (and why it was not sent),
/// the wheel of posts waiting or refused, then the drafts; Enter (or F2) sends a waiting post again or
/// opens a draft to go on writing it; Delete (F3 or `d`, pressed twice) gives it up.
final class OutboxScreen: AppScreen {
    unowned let app: AppContext
    private(set) var entries: [OutboxEntry] = []
    let detail = Label(text: "")
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let act = Button.quiet()
    let remove = Button.quiet()
    let toolbar: Toolbar
    /// Deleting asks for a second press on the same entry.
    private var deletion = ConfirmTwice<String>()
    /// The wheel position the labels show.
    private var shown: Int?

    var title: String { app.string("outbox.title") }
    var helpIntro: String { app.string("outbox.help") }
    var controls: [any Control] { [detail, wheel] }
    var initialFocus: Int { 1 }
    var bindings: [Binding] { app.bindings(for: [.goTo, .delete]) }

    /// Opens the screen on what the outbox and the drafts hold now (read from disk, not the network).
    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("outbox.title"), { (await engine.outbox(), await engine.allDrafts()) }, as: { result in
            .screen(result.map { OutboxScreen(app: app, items: $0.0, drafts: $0.1) })
        })
    }

    init(app: AppContext, items: [OutboxItem], drafts: [Draft]) {
        self.app = app
        toolbar = Toolbar(localizer: app.localizer, first: act, second: remove)
        entries = items.map(OutboxEntry.queued) + drafts.map(OutboxEntry.draft)
        relocalize()
    }

    var current: OutboxEntry? { entries.indices.contains(wheel.index) ? entries[wheel.index] : nil }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        remove.title = app.string("outbox.delete")
        detail.name = ""
        wheel.title = app.string("outbox.wheel")
        showEntries(index: wheel.index)
    }

    /// An entry as shown and said: what it is, then its text.
    func present(_ entry: OutboxEntry) -> Presented {
        let text: String
        switch entry {
        case .queued(let item):
            let words = TextSafety.stripped(item.post.text)
            text = switch item.state {
            case .queued where item.attempts == 0: app.string("outbox.waiting", ["text": words])
            case .queued: app.localizer.plural("outbox.queued", count: item.attempts, ["text": words], placeholder: "attempts")
            case .sending: app.string("outbox.sending", ["text": words])
            case .failed: app.string("outbox.failed", ["text": words])
            case .unconfirmed: app.string("outbox.unconfirmed", ["text": words])
            }
        case .draft(let draft):
            let words = TextSafety.stripped(draft.text)
            if draft.key.hasPrefix("reply:") {
                text = app.string("outbox.draft.reply", ["text": words])
            } else if draft.key.hasPrefix("edit:") {
                text = app.string("outbox.draft.edit", ["text": words])
            } else if draft.key.hasPrefix("dm:") {
                text = app.string("outbox.draft.direct", ["name": TextSafety.stripped(String(draft.key.dropFirst(3))), "text": words])
            } else {
                text = app.string("outbox.draft.new", ["text": words])
            }
        }
        return Presented(display: text, line: text, spoken: text, language: nil)
    }

    func showEntries(index: Int) {
        wheel.setPresented(entries.map(present), index: min(index, max(0, entries.count - 1)))
        showCurrent()
    }

    /// After a turn: the labels follow a marker that moved (a move disarms deleting).
    func turnEnded() {
        guard shown != wheel.index else { return }
        deletion.disarm()
        showCurrent()
    }

    /// The whole entry over the wheel (with why a post was not sent); the first slot says what Enter does.
    func showCurrent() {
        shown = wheel.index
        guard let entry = current else {
            detail.text = app.string("outbox.empty")
            act.title = app.string("outbox.open")
            return
        }
        // The whole text (what it is, the wheel says), and why a post was not sent.
        switch entry {
        case .queued(let item):
            let reason = item.lastError.map { app.string("outbox.reason", ["reason": $0.message(app.localizer)]) }
            detail.text = ([TextSafety.stripped(item.post.text)] + (reason.map { [$0] } ?? [])).joined(separator: "\n")
        case .draft(let draft):
            detail.text = TextSafety.stripped(draft.text)
        }
        if case .queued = entry { act.title = app.string("outbox.retry") } else { act.title = app.string("outbox.open") }
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        let selected = if case .selected = event.kind, event.source === wheel { true } else { false }
        if selected || (event.kind == .activated && event.source === act) { return actOnCurrent() }
        if event.kind == .activated, event.source === remove { return deleteCurrent() }
        return .none
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        switch command {
        case .goTo: ScreenResponse(navigation: .push(SwitcherScreen(app: app, from: title)))
        case .delete: deleteCurrent()
        default: .none
        }
    }

    /// Enter: a waiting or refused post is sent again now; a draft opens in its place to go on writing.
    func actOnCurrent() -> ScreenResponse {
        deletion.disarm()
        guard let entry = current else { return ScreenResponse([app.say(app.string("outbox.empty"), earcon: .edge)]) }
        let engine = app.engine
        switch entry {
        case .queued(let item):
            let id = item.id
            app.call({ await engine.retry(outboxId: id) }, for: self, as: { _ in .retried })
            return .none
        case .draft(let draft):
            if draft.key.hasPrefix("reply:") {
                let id = String(draft.key.dropFirst(6))
                app.call({ try await engine.post(id: id) }, for: self, as: { .compose($0.map(ComposeScreen.Mode.reply)) })
                return .none
            }
            if draft.key.hasPrefix("redraft:") { return compose(.redraft(draft, poll: nil, media: draft.media)) }
            if draft.key.hasPrefix("edit:") {
                let id = String(draft.key.dropFirst(5))
                app.call({ (try await engine.post(id: id), try await engine.source(postId: id)) }, for: self,
                         as: { .compose($0.map { ComposeScreen.Mode.edit($0.0, $0.1) }) })
                return .none
            }
            if draft.key.hasPrefix("dm:") {
                let acct = String(draft.key.dropFirst(3))
                app.call({ try await engine.lookup(acct: acct) }, for: self, as: { .compose($0.map(ComposeScreen.Mode.direct)) })
                return .none
            }
            return compose(.new)
        }
    }

    /// The draft's compose screen in this screen's place: once it is sent or kept, Back leads on.
    private func compose(_ mode: ComposeScreen.Mode) -> ScreenResponse {
        ComposeScreen.open(app: app, mode: mode, inPlace: true)
    }

    /// Delete, pressed twice on the same entry: the post leaves the outbox, or the draft is removed.
    func deleteCurrent() -> ScreenResponse {
        guard let entry = current else { return ScreenResponse([app.say(app.string("outbox.empty"), earcon: .edge)]) }
        guard deletion.press(entry.id) else {
            return app.askSecondPress(app.string("outbox.confirm-delete"))
        }
        let engine = app.engine
        switch entry {
        case .queued(let item):
            let id = item.id
            app.call({ await engine.discard(outboxId: id) }, for: self, as: { _ in .deleted })
        case .draft(let draft):
            let key = draft.key
            app.call({ await engine.removeDraft(key: key) }, for: self, as: { _ in .deleted })
        }
        return .none
    }

    /// Reads the outbox and the drafts again, keeping the marker on the entry it was on.
    func reload() {
        let engine = app.engine
        app.call({ (await engine.outbox(), await engine.allDrafts()) }, for: self, as: { .loaded($0) })
    }

    func engineEvent(_ event: EngineEvent, isTop: Bool) -> ScreenResponse {
        switch event {
        case .postSent, .postQueued, .postFailed: reload()
        default: break
        }
        return .none
    }

    /// The whole entry over the wheel, the wheel below.
    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        let detailRows = area.height >= 14 ? 4 : 2
        let gap = area.height >= 14 ? 1 : 0
        let detailRect = Rect(x: area.x, y: area.y, width: area.width, height: detailRows)
        let top = area.y + detailRows + gap
        return [detailRect, Rect(x: area.x, y: top, width: area.width, height: max(1, area.maxY - top))]
    }
}

extension OutboxScreen: MessageReceiver {
    /// The results of the calls the screen starts.
    enum Message {
        /// The outbox and drafts as they are now.
        case loaded(Result<([OutboxItem], [Draft]), MicroblogError>)
        /// A post was handed to the outbox to be sent again now (what becomes of it, the engine says).
        case retried
        /// A post or draft was given up.
        case deleted
        /// What a draft replies to or whom it writes to was found (or not): its compose screen opens.
        case compose(Result<ComposeScreen.Mode, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .loaded(let result):
            guard case .success(let (items, drafts)) = result else { return .none }
            let currentId = current?.id
            entries = items.map(OutboxEntry.queued) + drafts.map(OutboxEntry.draft)
            showEntries(index: currentId.flatMap { id in entries.firstIndex { $0.id == id } } ?? wheel.index)
            return .none
        case .retried:
            reload()
            return ScreenResponse([app.say(app.string("outbox.retrying"), earcon: .activate)])
        case .deleted:
            reload()
            return ScreenResponse([app.say(app.string("outbox.deleted"), earcon: .activate)])
        case .compose(.success(let mode)):
            return compose(mode)
        case .compose(.failure(let error)):
            return app.report(error)
        }
    }
}
