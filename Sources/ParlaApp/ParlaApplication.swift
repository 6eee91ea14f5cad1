import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import SpeechKit
import TerminalKit

/// Everything the app is started with.
public struct AppConfiguration {
    public var backend: any TerminalBackend
    public var speech: any SpeechOutput
    /// The speech queue's settings, to apply voice, rate and language live; nil when speech is not Parla's.
    public var speechControl: (any SpeechControl)?
    public var clock: any TickClock
    /// The wall clock for "5 minutes ago".
    public var wallClock: @Sendable () -> Date
    /// The interface language and strings (from `--lang` or the environment); saved settings may change it.
    public var localizer: Localizer
    /// Whether `--lang` was given (then it wins over the saved language).
    public var languageFromCommandLine: Bool
    public var settingsStore: any AppSettingsStore
    /// The config folder, where `keymap.toml` is read; nil: default keys.
    public var configDirectory: URL?
    public var accounts: AccountDirectory
    /// The account opened first (the first name when nil).
    public var account: String?
    public var presenter: any PostPresenting
    public var colorAllowed: Bool
    public var ascii: Bool
    /// `--speech none`: the user's screen reader speaks; Parla only keeps the cursor on the focus.
    public var speechDisabled: Bool
    /// Where Speakup's synth name is read (injectable for tests).
    public var speakupSynthPath: String
    /// Problems met before the app started (no sound device, no voice data): said and shown once at start.
    public var startNotices: [String]

    public init(
        backend: any TerminalBackend, speech: any SpeechOutput, speechControl: (any SpeechControl)? = nil, clock: any TickClock,
        wallClock: @escaping @Sendable () -> Date = { Date() }, localizer: Localizer, languageFromCommandLine: Bool = false,
        settingsStore: any AppSettingsStore, configDirectory: URL? = nil, accounts: AccountDirectory, account: String? = nil,
        presenter: any PostPresenting = SpeechTextPresenter(), colorAllowed: Bool = true, ascii: Bool = false,
        speechDisabled: Bool = false, speakupSynthPath: String = ScreenReaderDetection.speakupSynthPath,
        startNotices: [String] = []
    ) {
        self.startNotices = startNotices
        self.backend = backend
        self.speech = speech
        self.speechControl = speechControl
        self.clock = clock
        self.wallClock = wallClock
        self.localizer = localizer
        self.languageFromCommandLine = languageFromCommandLine
        self.settingsStore = settingsStore
        self.configDirectory = configDirectory
        self.accounts = accounts
        self.account = account
        self.presenter = presenter
        self.colorAllowed = colorAllowed
        self.ascii = ascii
        self.speechDisabled = speechDisabled
        self.speakupSynthPath = speakupSynthPath
    }
}

/// Why the app cannot start.
public enum AppStartError: Error, Equatable {
    /// No account was given.
    case noAccounts
}

/// Parla's interactive app: the screens on a ``ScreenHost``, fed by account engines through an inbox.
///
/// Use: ``prepare()`` (loads settings, keys and the home timeline from the cache), then ``run()``
/// (or ``start()`` and ``handle(_:)`` in tests), then ``shutdown()`` (flushes drafts).
public final class ParlaApplication {
    public let host: ScreenHost
    public let runtime: AppRuntime
    let app: AppContext
    private let configuration: AppConfiguration
    /// What went wrong while starting (sound and speech, settings, keymap), said and shown once at start.
    public private(set) var startProblems: [String] = []
    private var digest: SinceYouLeft?
    /// New-post notices waiting for their stream to go quiet.
    private var hold = AnnouncementHold()

    public init(_ configuration: AppConfiguration) throws {
        self.configuration = configuration
        var accounts = configuration.accounts
        guard let name = configuration.account ?? accounts.names.first, let engine = accounts.engine(name) else {
            throw AppStartError.noAccounts
        }
        var localizer = configuration.localizer
        var problems = configuration.startNotices
        var settings = AppSettings()
        do {
            settings = try configuration.settingsStore.load()
        } catch let error as SettingsError {
            problems.append(error.message(localizer))
        } catch {
            problems.append(SettingsError.unreadable(path: "").message(localizer))
        }
        if configuration.languageFromCommandLine {
            if settings.language != localizer.language { settings.voice = AppSettings.voice(for: localizer.language) }
            settings.language = localizer.language
        } else {
            localizer = localizer.switched(to: settings.language)
        }
        var keymap = Keymap()
        if let folder = configuration.configDirectory {
            let (loaded, keyProblems) = Keymap.load(configDirectory: folder, localizer: localizer)
            keymap = loaded
            problems += keyProblems
        }
        startProblems = problems
        let inbox = AppInbox(waker: configuration.backend.waker)
        runtime = AppRuntime(inbox: inbox)
        app = AppContext(
            localizer: localizer, settings: settings, store: configuration.settingsStore, keymap: keymap, presenter: configuration.presenter,
            runtime: runtime, speech: configuration.speech, speechControl: configuration.speechControl, wallClock: configuration.wallClock,
            accounts: accounts, accountName: name, engine: engine, colorAllowed: configuration.colorAllowed, ascii: configuration.ascii)
        if configuration.speechDisabled {
            app.screenReaderNote = localizer.string("screens.reader.none")
        } else if ScreenReaderDetection.speakupActive(synthPath: configuration.speakupSynthPath) {
            app.screenReaderNote = localizer.string("screens.reader.speakup")
        }
        app.applySpeechSettings()
        let root = TimelineScreen(app: app, source: .timeline(.home, owner: nil), entries: [], isRoot: true)
        host = ScreenHost(root: root, backend: configuration.backend, speech: configuration.speech, clock: configuration.clock,
                          localizer: localizer, theme: app.theme, settings: settings.controlSettings)
        app.host = host
        host.interceptor = { [unowned self] key in self.intercept(key) }
        host.interceptedKeyDescription = { [unowned self] key in self.describe(key) }
        runtime.onEvent = { [unowned self] account, event in self.engineEvent(event, account: account) }
    }

    /// The interface language now.
    public var language: Language { app.localizer.language }
    /// The settings now.
    public var settings: AppSettings { app.settings }
    /// The account in use.
    public var accountName: String { app.accountName }

    // MARK: Starting

    /// Loads the home timeline from the cache, the reading position and the digest (no network).
    public func prepare() async {
        let engine = app.engine
        async let cached = engine.cached(.home)
        async let position = engine.readPosition(.home)
        async let digest = engine.digest()
        let posts = await cached
        let read = await position
        self.digest = await digest
        let index = read.flatMap { id in posts.firstIndex(where: { $0.id == id }) } ?? 0
        root?.setEntries(posts.map(TimelineEntry.post), index: index)
    }

    private var root: TimelineScreen? { host.screens.first as? TimelineScreen }

    /// Says the problems and the digest (only when something is new or few calls are left; the first key
    /// cuts it), opens the home screen on the post being read, starts live updates and a refresh.
    public func start() {
        for problem in startProblems {
            configuration.speech.say(Utterance(problem, priority: .alert, earcon: .error))
        }
        if let note = app.screenReaderNote {
            configuration.speech.say(Utterance(note, priority: .alert))
        }
        host.start(introduction: digest?.spoken(app.localizer))
        if !startProblems.isEmpty { host.showMessage(startProblems.joined(separator: " ")) }
        let engine = app.engine
        runtime.listen(to: engine, account: app.accountName)
        runtime.fire { await engine.startLive() }
        loadAccountDetails()
        if let root { app.respond(root.startRefresh(quiet: true)) }
    }

    /// Who the user is and the server's limits come from the network: asked after the screen is up,
    /// so an unreachable server never delays the cached timeline (and asked again when it is back).
    private func loadAccountDetails() {
        let engine = app.engine
        let account = app.accountName
        runtime.run({ try await engine.me() }, then: { [app] result in
            if case .success(let me) = result, app.accountName == account { app.me = me }
        })
        runtime.run({ try await engine.instance().maxCharacters }, then: { [app] result in
            if case .success(let limit) = result, app.accountName == account { app.maxCharacters = limit }
        })
    }

    // MARK: Running

    /// Handles one key as the loop would, then runs whatever results came in.
    public func handle(_ key: Key) {
        host.handle(key)
        drain()
    }

    /// Runs the results and events waiting in the inbox; redraws when any came.
    public func drain() {
        var changed = runtime.drain()
        let due = hold.takeDue(now: configuration.clock.now())
        if !due.isEmpty {
            host.deliver(ScreenResponse(due.map { .say($0) }))
            changed = true
        }
        if changed { host.render() }
    }

    /// When held notices are due to be said (the key loop wakes then).
    public var nextDeadline: Duration? {
        [host.nextDeadline, hold.deadline].compactMap { $0 }.min()
    }

    /// Waits until every started task finished and its result was shown (tests).
    public func settle() async {
        await runtime.settle()
        host.render()
    }

    /// The key loop: waits for a key, a timer or a result, whichever comes first; returns on quit or end of input.
    public func run() {
        start()
        let backend = configuration.backend
        while !host.isFinished {
            drain()
            let timeout = nextDeadline.map { max(.zero, $0 - configuration.clock.now()) }
            if let key = backend.nextKey(timeout: timeout) {
                host.handle(key)
            } else if backend.inputEnded {
                break
            }
            drain()
            host.tick()
            host.render()
        }
    }

    /// Stops live updates and writes pending drafts of every open account.
    public func shutdown() async {
        runtime.stopAll()
        for engine in app.accounts.opened {
            await engine.flushDrafts()
            await engine.stop()
        }
    }

    // MARK: Keys

    private var topScreen: (any AppScreen)? { host.screen as? any AppScreen }

    /// Single-key actions: before the focused control, except where it takes typing or binds the key itself.
    func intercept(_ key: Key) -> Bool {
        guard let action = app.keymap.action(for: key) else { return false }
        if action == .quit {
            host.perform(ScreenResponse(navigation: .quit))
            return true
        }
        let focused = host.focused
        if focused.acceptsText, key.printable != nil { return false }
        if focused.bindings.contains(where: { $0.matches(key) }) { return false }
        guard let screen = topScreen, screen.actions.contains(action), let response = screen.perform(action) else { return false }
        host.perform(response)
        return true
    }

    func describe(_ key: Key) -> String? {
        guard let action = app.keymap.action(for: key) else { return nil }
        let focused = host.focused
        if focused.acceptsText, key.printable != nil { return nil }
        if focused.bindings.contains(where: { $0.matches(key) }) { return nil }
        guard action == .quit || topScreen?.actions.contains(action) == true else { return nil }
        return app.string("help.entry", ["key": KeyNaming.spoken(key, localizer: app.localizer), "action": app.string(action.descriptionKey)])
    }

    // MARK: Engine events

    func engineEvent(_ event: EngineEvent, account: String) {
        guard account == app.accountName else { return }
        var said: [Announcement] = []
        switch event {
        case .notification(let notification, let urgent):
            if urgent {
                let earcon: Earcon = notification.post?.visibility == .direct ? .directMessage : .mention
                if app.settings.autoreadMentions {
                    let presented = app.present(notification)
                    said.append(.say(Utterance(presented.spoken, language: presented.language, priority: .notification, earcon: earcon)))
                } else {
                    said.append(.say(Utterance(app.string("screens.notification.arrived", ["name": TextSafety.stripped(notification.account.name)]),
                                               priority: .notification, earcon: earcon, coalesceKey: "notification")))
                }
            }
        case .postSent:
            said.append(.say(Utterance(app.string("screens.sent"), priority: .notification, earcon: .sent)))
        case .postQueued(_, let reason):
            said.append(.say(Utterance(app.string("screens.queued", ["reason": reason.message(app.localizer)]), priority: .alert, earcon: .error)))
        case .postFailed(_, let reason):
            var text = app.string("screens.failed", ["reason": reason.message(app.localizer)])
            if reason == .unauthorized {
                app.needsLogin = true
                text += " " + app.string("screens.error.login-again", ["account": TextSafety.stripped(app.accountName)])
            }
            said.append(.say(Utterance(text, priority: .alert, earcon: .error)))
            host.showMessage(text)
        case .offline(let error):
            if !app.offline {
                app.offline = true
                said.append(.say(Utterance(app.string("screens.offline", ["reason": error.message(app.localizer)]), priority: .alert, earcon: .error)))
            }
        case .online:
            if app.offline {
                app.offline = false
                said.append(.say(Utterance(app.string("screens.online"), priority: .notification)))
            }
            if app.me == nil { loadAccountDetails() }
        case .draftNotSaved(let reason):
            let text = app.string("engine.draft.not-saved", ["reason": reason.message(app.localizer)])
            said.append(.say(Utterance(text, priority: .alert, earcon: .error)))
            host.showMessage(text)
        default:
            break
        }
        let screens = host.screens
        for (index, screen) in screens.enumerated() {
            guard let screen = screen as? any AppScreen else { continue }
            let response = screen.engineEvent(event, isTop: index == screens.count - 1)
            said += response.announcements
        }
        for screen in screens { (screen as? TimelineScreen)?.updateWhere() }
        // Notices that replace one another wait for the stream to go quiet; the frame is drawn once the inbox is drained.
        let now = configuration.clock.now()
        var sayNow: [Announcement] = []
        for announcement in said {
            if case .say(let utterance) = announcement, AnnouncementHold.holds(utterance) {
                hold.hold(utterance, now: now)
            } else {
                sayNow.append(announcement)
            }
        }
        host.deliver(ScreenResponse(sayNow))
    }
}

/// The one entry point `parla open` calls.
public enum ParlaAppMain {
    /// Runs the app until the user quits: prepares, runs the key loop, flushes drafts.
    ///
    /// Blocks the calling (main) thread; the engines work on tasks and hand results back through the inbox.
    public static func run(_ configuration: AppConfiguration) throws {
        let application = try ParlaApplication(configuration)
        // The key loop's thread waits while the task uses the app, so one thread touches it at a time.
        let handle = BlockedThreadHandle(application)
        blocking { await handle.value.prepare() }
        application.run()
        blocking { await handle.value.shutdown() }
    }

    /// Runs async work to its end from synchronous code (the main thread, never a task).
    static func blocking(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await work()
            done.signal()
        }
        done.wait()
    }
}

/// Hands a value to a task while the thread that owns it is blocked waiting for that task.
private final class BlockedThreadHandle<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
