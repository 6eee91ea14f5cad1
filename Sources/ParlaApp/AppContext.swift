import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// A screen of Parla's app: single-key actions, live language, engine events.
protocol AppScreen: Screen {
    /// The single-key actions this screen offers (listed in its help).
    var actions: [AppAction] { get }
    /// Does a single-key action; nil when the screen does not offer it.
    func perform(_ action: AppAction) -> ScreenResponse?
    /// Puts every title and label in the current language.
    func relocalize()
    /// Reacts to an engine event while open (top or below).
    func engineEvent(_ event: EngineEvent, isTop: Bool) -> ScreenResponse
}

extension AppScreen {
    func perform(_ action: AppAction) -> ScreenResponse? { nil }
    func engineEvent(_ event: EngineEvent, isTop: Bool) -> ScreenResponse { .none }
}

/// The accounts the app may use, by name, and how to open one that is not open yet.
public struct AccountDirectory {
    /// Account names in the order they are offered.
    public let names: [String]
    private var open: [String: any AccountEngine]
    private let factory: ((String) -> (any AccountEngine)?)?

    /// - Parameters:
    ///   - engines: accounts already open.
    ///   - names: every account name (defaults to the open ones, sorted).
    ///   - factory: opens an account by name when it is first chosen.
    public init(engines: [String: any AccountEngine], names: [String]? = nil, factory: ((String) -> (any AccountEngine)?)? = nil) {
        self.open = engines
        self.names = names ?? engines.keys.sorted()
        self.factory = factory
    }

    /// The engine of an account, opening it when needed.
    public mutating func engine(_ name: String) -> (any AccountEngine)? {
        if let engine = open[name] { return engine }
        guard let engine = factory?(name) else { return nil }
        open[name] = engine
        return engine
    }

    /// Every engine opened so far.
    public var opened: [any AccountEngine] { Array(open.values) }
}

/// What every screen shares: language, settings, the account's engine, speech, the runtime.
final class AppContext {
    var localizer: Localizer
    var settings: AppSettings
    let store: any AppSettingsStore
    let keymap: Keymap
    let presenter: any PostPresenting
    let runtime: AppRuntime
    let speech: any SpeechOutput
    let speechControl: (any SpeechControl)?
    let wallClock: @Sendable () -> Date
    var accounts: AccountDirectory
    var accountName: String
    var engine: any AccountEngine
    let colorAllowed: Bool
    let ascii: Bool
    /// The server's limit on post length, once known.
    var maxCharacters = 500
    /// The logged-in user's account, once known (to offer deleting own posts).
    var me: Account?
    var offline = false
    var needsLogin = false
    /// Set when Speakup (or `--speech none`) speaks instead of Parla.
    var screenReaderNote: String?
    /// New posts not yet reached, per timeline key.
    var unseen: [String: Int] = [:]
    weak var host: ScreenHost?

    init(localizer: Localizer, settings: AppSettings, store: any AppSettingsStore, keymap: Keymap, presenter: any PostPresenting,
         runtime: AppRuntime, speech: any SpeechOutput, speechControl: (any SpeechControl)?, wallClock: @escaping @Sendable () -> Date,
         accounts: AccountDirectory, accountName: String, engine: any AccountEngine, colorAllowed: Bool, ascii: Bool) {
        self.localizer = localizer
        self.settings = settings
        self.store = store
        self.keymap = keymap
        self.presenter = presenter
        self.runtime = runtime
        self.speech = speech
        self.speechControl = speechControl
        self.wallClock = wallClock
        self.accounts = accounts
        self.accountName = accountName
        self.engine = engine
        self.colorAllowed = colorAllowed
        self.ascii = ascii
    }

    func string(_ key: String, _ arguments: [String: String] = [:]) -> String { localizer.string(key, arguments) }

    var theme: Theme { Theme.named(colorAllowed ? settings.theme : .monochrome, ascii: ascii) }

    // MARK: Presenting

    /// The template, level and options the settings give.
    var presentation: PresentationSettings { settings.presentation }

    /// A post as the settings present it; `revealed`: its body is shown and read after its content warning.
    func present(_ post: Post, revealed: Bool = false) -> Presented {
        var presentation = presentation
        if revealed { presentation.options.readWarningBody = true }
        return presenter.present(post, localizer: localizer, now: wallClock(), settings: presentation)
    }

    func present(_ notification: MicroblogNotification) -> Presented {
        presenter.present(notification, localizer: localizer, now: wallClock(), settings: presentation)
    }

    func present(_ account: Account) -> Presented { presenter.present(account, localizer: localizer, settings: presentation) }

    /// A body or bio from HTML, to show and to say.
    func text(_ html: String) -> SpeechText.Text { presenter.text(html, localizer: localizer, settings: presentation) }

    // MARK: Speaking

    func say(_ text: String, priority: SpeechPriority = .focus, earcon: Earcon? = nil) -> Announcement {
        .say(Utterance(text, priority: priority, earcon: earcon))
    }

    /// An error said (as an alert) and shown over the screen until the next key; nothing typed is lost.
    func report(_ error: MicroblogError) -> ScreenResponse {
        if error == .unauthorized { needsLogin = true }
        if error.isTransient { wentOffline(error) }
        var text = error.message(localizer)
        if error == .unauthorized { text += " " + string("screens.error.login-again", ["account": TextSafety.stripped(accountName)]) }
        host?.showMessage(text)
        return ScreenResponse([.say(Utterance(text, priority: .alert, earcon: .error))])
    }

    /// Marks the app offline after a transient failure the screen tells the user about, and has the
    /// engine try the server again until it answers (then `online` is said once).
    ///
    /// - Returns: whether the app was online before (so the screen says it went offline).
    @discardableResult
    func wentOffline(_ error: MicroblogError) -> Bool {
        let wasOnline = !offline
        offline = true
        let engine = self.engine
        runtime.fire { await engine.checkConnection(after: error) }
        return wasOnline
    }

    /// Applies a screen response now (a result arrived from a task).
    func respond(_ response: ScreenResponse) {
        host?.perform(response)
    }

    // MARK: Work

    /// Runs `work`, showing the loading screen while it runs (Esc cancels); then opens what `done` makes of the result.
    func load<T: Sendable>(_ what: String, _ work: @escaping @Sendable () async throws -> T, done: @escaping (T) -> ScreenResponse) -> ScreenResponse {
        let loading = LoadingScreen(app: self, what: what)
        loading.taskId = runtime.run(work) { [weak self, weak loading] result in
            guard let self, let loading, let host = self.host, host.screen === loading else { return }
            switch result {
            case .success(let value):
                var response = done(value)
                response.announcements.insert(contentsOf: loading.finish(), at: 0)
                if case .push(let next) = response.navigation { response.navigation = .replace(next) }
                if case .stay = response.navigation { response.navigation = .pop }
                self.respond(response)
            case .failure(let error):
                var response = self.report(error)
                response.navigation = .pop
                self.respond(response)
            }
        }
        return ScreenResponse(loading.begin(), navigation: .push(loading))
    }

    /// Runs `work` in the background and hands its result to `done` on the key loop.
    func background<T: Sendable>(_ work: @escaping @Sendable () async throws -> T, done: @escaping (Result<T, MicroblogError>) -> ScreenResponse) {
        runtime.run(work) { [weak self] result in
            self?.respond(done(result))
        }
    }

    /// Saves the settings; says an error when they cannot be written (the choice stays in force).
    func saveSettings() -> [Announcement] {
        do {
            try store.save(settings)
            return []
        } catch let error as SettingsError {
            return [.say(Utterance(error.message(localizer), priority: .alert, earcon: .error))]
        } catch {
            return [.say(Utterance(SettingsError.unwritable(path: "").message(localizer), priority: .alert, earcon: .error))]
        }
    }

    /// Applies the speech part of the settings to the speech output.
    func applySpeechSettings() {
        guard let speechControl else { return }
        var next = settings.speechSettings(base: speechControl.settings)
        if screenReaderNote != nil { next.earconsOnly = true }
        speechControl.settings = next
    }

    /// The name of a timeline as said and shown.
    func timelineName(_ kind: TimelineKind, owner: String? = nil) -> String {
        switch kind {
        case .home: string("screens.timeline.home")
        case .local: string("screens.timeline.local")
        case .federated: string("screens.timeline.federated")
        case .mentions: string("screens.timeline.mentions")
        case .direct: string("screens.timeline.direct")
        case .user: string("screens.timeline.user", ["name": TextSafety.stripped(owner ?? "")])
        case .hashtag(let tag): string("screens.timeline.hashtag", ["tag": TextSafety.stripped(tag)])
        case .list: string("screens.timeline.list", ["name": TextSafety.stripped(owner ?? "")])
        case .bookmarks: string("screens.timeline.bookmarks")
        case .favourites: string("screens.timeline.favourites")
        }
    }
}

/// The thesis's blocker view: what is loading, Esc cancels.
final class LoadingScreen: AppScreen {
    unowned let app: AppContext
    let state = LoadingState()
    var taskId: Int?
    let what: String
    var title: String
    var helpIntro: String { app.string("screens.loading.help") }
    var controls: [any Control] { [state] }
    let toolbar: Toolbar
    var actions: [AppAction] { [] }

    init(app: AppContext, what: String) {
        self.app = app
        self.what = what
        title = app.string("screens.loading.title")
        toolbar = Toolbar(localizer: app.localizer)
    }

    func begin() -> [Announcement] {
        var context = app.host?.context ?? ControlContext(localizer: app.localizer, theme: app.theme)
        context.localizer = app.localizer
        return state.begin(what, context: context).announcements
    }

    func finish() -> [Announcement] {
        guard let context = app.host?.context else { return [] }
        _ = state.finish(context: context)
        return []
    }

    func relocalize() {
        title = app.string("screens.loading.title")
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .cancelled else { return .none }
        return back(context: context)
    }

    func back(context: ControlContext) -> ScreenResponse {
        if let taskId { app.runtime.cancel(taskId) }
        return ScreenResponse(navigation: .pop)
    }
}

extension AppContext {
    /// Switches the interface language live: the next utterance is in the new language and voice.
    func switchLanguage(to language: Language, focus: Int) -> ScreenResponse {
        settings.language = language
        settings.voice = AppSettings.voice(for: language)
        localizer = localizer.switched(to: language)
        host?.switchLanguage(to: language)
        applySpeechSettings()
        for screen in host?.screens ?? [] { (screen as? any AppScreen)?.relocalize() }
        return ScreenResponse(saveSettings(), navigation: .replace(SettingsScreen(app: self, focus: focus)))
    }

    /// Makes another account the one the screens use.
    func switchAccount(to name: String, engine: any AccountEngine) {
        accountName = name
        self.engine = engine
        me = nil
        offline = false
        needsLogin = false
        unseen = [:]
        runtime.listen(to: engine, account: name)
        background({ try await engine.me() }, done: { [weak self] result in
            if case .success(let account) = result, self?.accountName == name { self?.me = account }
            return .none
        })
    }
}
