import LVControls
import MicroblogKit
import SpeechKit
import TerminalKit

/// The thesis's blocker view: what is loading, Esc cancels.
final class LoadingScreen: AppScreen {
    unowned let app: AppContext
    let state = LoadingState()
    var taskId: Int?
    let what: String
    /// `what` as said ("Hashtag tea" for "Hashtag #tea").
    let said: String
    var title: String
    /// The title with `what` as said, when that differs from the title shown.
    var spokenTitle: String? { said == what ? nil : app.string("lv.loading.title", ["what": said]) }
    var helpIntro: String { app.string("screens.loading.help") }
    var controls: [any Control] { [state] }
    let toolbar: Toolbar

    /// - Parameter said: `what` as said when that differs; nil: as shown.
    init(app: AppContext, what: String, said: String? = nil) {
        self.app = app
        self.what = what
        self.said = said ?? what
        title = app.string("lv.loading.title", ["what": what])
        toolbar = Toolbar(localizer: app.localizer)
    }

    /// Starts the wait. Its words are said once, on entry ("Loading the thread, please wait, Escape
    /// cancels."); then only the progress earcon. Whether the server's limit holds the call back is
    /// asked at once, and said with until when.
    func begin() -> [Announcement] {
        _ = state.begin(what, said: said == what ? nil : said, context: app.controlContext)
        let engine = app.engine
        app.call({ await engine.digest() }, for: self, as: { .budget($0) })
        return []
    }


    func relocalize() {
        title = app.string("lv.loading.title", ["what": what])
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .cancelled else { return .none }
        return back(context: context)
    }

    func back(context: ControlContext) -> ScreenResponse {
        guard let taskId else { return ScreenResponse(navigation: .pop) }
        return ScreenResponse(app.cancel(taskId), navigation: .pop)
    }
}

extension LoadingScreen: MessageReceiver {
    /// What a loading screen waits for; each opens its screen in the loading screen's place.
    enum Message {
        /// A timeline's entries and the one to start reading at.
        case timeline(TimelineSource, Result<([TimelineEntry], Int), MicroblogError>)
        /// Another account's home and the timelines it kept open (from its cache): that account is the one in
        /// use once it came.
        case account(String, any AccountEngine, Result<([TimelineEntry], Int, RestoredTimelines?), MicroblogError>)
        /// A user's details and the relationship with them (none for the user themselves).
        case user(Result<(Account, Relationship?), MicroblogError>)
        /// The first page of the followers or the followed of `owner`.
        case people(owner: Account, PeopleScreen.Which, Result<Page<Account>, MicroblogError>)
        /// Any other screen, made on the key loop from what was loaded.
        case screen(Result<any Screen, MicroblogError>)
        /// The state of the server's limit as the wait began (from the digest).
        case budget(Result<SinceYouLeft, MicroblogError>)
    }

    /// Opens what was loaded in the loading screen's place; a failure is said and the loading screen closes.
    func receive(_ message: Message) -> ScreenResponse {
        if case .budget(let result) = message { return budgetKnown(result) }
        _ = state.finish(context: app.controlContext)
        do {
            return ScreenResponse(navigation: try next(message))
        } catch {
            var response = app.report(error)
            response.navigation = .pop
            return response
        }
    }

    private func next(_ message: Message) throws(MicroblogError) -> ScreenResponse.Navigation {
        switch message {
        case .timeline(let source, let result):
            let (entries, index) = try result.get()
            return .replace(TimelineScreen(app: app, source: source, entries: entries, index: index))
        case .account(let name, let engine, let result):
            let (entries, index, restored) = try result.get()
            app.switchAccount(to: name, engine: engine)
            let home = TimelineScreen(app: app, source: .timeline(.home, owner: nil), entries: entries, index: index, isRoot: true)
            // The timelines this account had open come back behind home, and the user is on the one left last.
            guard let focused = restored?.open(in: app, home: home), focused !== home else { return .root(home) }
            return .restack(app.buffers.stack(showing: focused), entry: focused.accountEntry)
        case .user(let result):
            let (account, relationship) = try result.get()
            return .replace(UserDetailsScreen(app: app, account: account, relationship: relationship))
        case .people(let owner, let which, let result):
            let page = try result.get()
            return .replace(PeopleScreen(app: app, owner: owner, which: which, people: page.items, next: page.older))
        case .screen(let result):
            return .replace(try result.get())
        case .budget:
            return .stay
        }
    }

    /// The server's limit is used up and resets later: the wait is for it, said with until when (and
    /// that Escape cancels) and shown under what is loading; never a silent stall.
    private func budgetKnown(_ result: Result<SinceYouLeft, MicroblogError>) -> ScreenResponse {
        guard state.isActive, case .success(let digest) = result, digest.budgetRemaining == 0,
              let reset = digest.budgetResetAt, reset > app.services.wallClock() else { return .none }
        let text = MicroblogError.rateLimited(resetAt: reset).message(app.localizer, now: app.services.wallClock(), longWaitKey: "error.rate-limited-long.screen") + " " + app.string("feedback.limit.cancel")
        state.note = text
        return ScreenResponse([.say(Utterance(text, priority: .alert, earcon: .loading))])
    }
}
