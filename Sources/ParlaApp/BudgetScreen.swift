import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import TerminalKit

/// The server's rate limit (`$`, or Go to): the calls left in this window, when it resets, how many
/// are kept for what the user asks for and how many requests wait; Refresh (F2) reads it again.
final class BudgetScreen: AppScreen {
    unowned let app: AppContext
    private(set) var snapshot: BudgetSnapshot?
    let left = Label(text: "")
    let reset = Label(text: "")
    let reserve = Label(text: "")
    let waiting = Label(text: "")
    let refresh = Button.quiet()
    /// Forgets a wait the server asked for and reads the budget again (a wait of hours need not be endured).
    let tryNow = Button.quiet()
    let toolbar: Toolbar

    var title: String { app.string("budget.title") }
    var helpIntro: String { app.string("budget.help") }
    var controls: [any Control] { [left, reset, reserve, waiting] }
    var bindings: [Binding] { app.bindings(for: [.goTo]) }

    /// Opens the screen on the budget as the client knows it now (no call is spent on it).
    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("budget.title"), { await engine.budget() }, as: { result in
            .screen(result.map { BudgetScreen(app: app, snapshot: $0) })
        })
    }

    init(app: AppContext, snapshot: BudgetSnapshot?) {
        self.app = app
        self.snapshot = snapshot
        toolbar = Toolbar(localizer: app.localizer, first: refresh, second: tryNow)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        refresh.title = app.string("screens.action.refresh")
        refresh.shortTitle = app.string("toolbar.refresh.short")
        tryNow.title = app.string("budget.try-now")
        tryNow.shortTitle = app.string("toolbar.try-now.short")
        left.name = app.string("budget.left")
        reset.name = app.string("budget.reset")
        reserve.name = app.string("budget.reserve")
        waiting.name = app.string("budget.waiting")
        show()
    }

    /// The labels say the snapshot: "240 of 300", "in 4 minutes, at 12:05", "20 calls", "none".
    func show() {
        let unknown = app.string("budget.unknown")
        guard let snapshot, let remaining = snapshot.remaining else {
            left.text = unknown
            reset.text = unknown
            reserve.text = snapshot.map { app.localizer.plural("budget.calls", count: $0.reserve) } ?? unknown
            waiting.text = snapshot.map(waitingText) ?? unknown
            return
        }
        left.text = snapshot.limit.map { app.string("budget.left-of", ["count": String(remaining), "limit": String($0)]) }
            ?? app.localizer.plural("budget.calls", count: remaining)
        reset.text = snapshot.resetAt.map(resetText) ?? unknown
        reserve.text = app.localizer.plural("budget.calls", count: snapshot.reserve)
        waiting.text = waitingText(snapshot)
    }

    private func waitingText(_ snapshot: BudgetSnapshot) -> String {
        snapshot.queuedTotal == 0 ? app.string("budget.none-waiting") : app.localizer.plural("budget.requests", count: snapshot.queuedTotal)
    }

    /// "in 4 minutes, at 12:05" (minutes rounded up), or "now" once the time has come.
    private func resetText(_ date: Date) -> String {
        let seconds = date.timeIntervalSince(app.services.wallClock())
        let clock = MicroblogError.clockTime(date, timeZone: app.presentation.options.timeZone ?? .current)
        guard seconds > 0 else { return app.string("budget.reset-now", ["time": clock]) }
        let minutes = Int((seconds / 60).rounded(.up))
        return app.localizer.plural("budget.reset-in", count: minutes, ["time": clock])
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated else { return .none }
        if event.source === tryNow {
            let engine = app.engine
            app.call({ () -> BudgetSnapshot? in
                await engine.forgetBudgetWait()
                return await engine.budget()
            }, for: self, as: Message.forgotten)
            return .none
        }
        return event.source === refresh ? startRefresh() : .none
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        command == .goTo ? ScreenResponse(navigation: .push(SwitcherScreen(app: app, from: title))) : .none
    }

    /// Reads the budget again; the calls left are said when it comes.
    private func startRefresh() -> ScreenResponse {
        let engine = app.engine
        app.call({ await engine.budget() }, for: self, as: Message.read)
        return .none
    }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}

extension BudgetScreen: MessageReceiver {
    /// The results of the calls the screen starts.
    enum Message {
        /// The budget as read again.
        case read(Result<BudgetSnapshot?, MicroblogError>)
        /// The budget once the wait was forgotten.
        case forgotten(Result<BudgetSnapshot?, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .read(.success(let fresh)):
            snapshot = fresh
            show()
            return ScreenResponse([app.say(app.string("budget.read", ["left": left.text, "reset": reset.text]))])
        case .forgotten(.success(let fresh)):
            snapshot = fresh
            show()
            return ScreenResponse([app.say(app.string("budget.forgotten"), earcon: .activate)])
        default:
            return .none
        }
    }
}
