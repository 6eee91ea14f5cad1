import BrailleKit
import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit
import WordPrediction

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
    /// Where engine calls run: concurrently in production; tests give one they drive.
    public var executor: any WorkExecutor
    /// Opens a post's links in the system's browser (nil: the address is shown and said instead).
    public var linkOpener: (any LinkOpener)?
    /// The earcons' pack and volume, chosen in Settings (nil: not Parla's to change).
    public var sound: (any SoundControl)?
    /// The spelling dictionaries compose checks with (nil: none, a check says so and the post can still be sent).
    public var spelling: (any SpellingDictionaries)?
    /// The languages' word lists for word prediction (nil: prediction offers only what it learnt).
    public var wordLists: WordLists?
    /// The picture libraries the picture view and `a` use (nil: pictures are only their descriptions).
    public var pictures: PictureServices?
    /// Makes the braille focus line, given where its events go (the app's inbox); nil: no braille at all.
    public var braille: BrailleFactory?
    /// `--braille auto` (true) or `off` (false), which wins over the saved setting; nil when not given.
    public var brailleChoice: Bool?

    public init(
        backend: any TerminalBackend, speech: any SpeechOutput, speechControl: (any SpeechControl)? = nil, clock: any TickClock,
        wallClock: @escaping @Sendable () -> Date = { Date() }, localizer: Localizer, languageFromCommandLine: Bool = false,
        settingsStore: any AppSettingsStore, configDirectory: URL? = nil, accounts: AccountDirectory, account: String? = nil,
        presenter: any PostPresenting = SpeechTextPresenter(), colorAllowed: Bool = true, ascii: Bool = false,
        speechDisabled: Bool = false, speakupSynthPath: String = ScreenReaderDetection.speakupSynthPath,
        startNotices: [String] = [], executor: any WorkExecutor = ConcurrentExecutor(), linkOpener: (any LinkOpener)? = nil,
        sound: (any SoundControl)? = nil, spelling: (any SpellingDictionaries)? = nil, wordLists: WordLists? = nil, pictures: PictureServices? = nil,
        braille: BrailleFactory? = nil, brailleChoice: Bool? = nil
    ) {
        self.braille = braille
        self.brailleChoice = brailleChoice
        self.spelling = spelling
        self.wordLists = wordLists
        self.pictures = pictures
        self.startNotices = startNotices
        self.executor = executor
        self.linkOpener = linkOpener
        self.sound = sound
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

/// Makes a braille output on the app's clock whose connector posts its events to the function given.
public typealias BrailleFactory = (_ clock: any TickClock, _ post: @escaping @Sendable (BrailleEvent) -> Void) -> BrailleOutput

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
    /// The reminders waiting for their time.
    var reminders = ReminderAlarm()
    /// The open timelines as last kept with the account Parla started on (saved again only when they change).
    var keptOpenTimelines: (account: String, timelines: OpenTimelines)?
    /// The braille focus line (nil: none was configured).
    public let braille: BrailleOutput?

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
        if let choice = configuration.brailleChoice { settings.braille = choice }
        if let sound = configuration.sound {
            settings.soundPack = sound.commandLine.pack ?? settings.soundPack
            settings.soundVolume = sound.commandLine.volume ?? settings.soundVolume
        }
        var keymap = Keymap()
        if let folder = configuration.configDirectory {
            let (loaded, keyProblems) = Keymap.load(configDirectory: folder, localizer: localizer)
            keymap = loaded
            problems += keyProblems
        }
        startProblems = problems
        let inbox = AppInbox(waker: configuration.backend.waker)
        runtime = AppRuntime(inbox: inbox, executor: configuration.executor)
        braille = configuration.braille.map { make in make(configuration.clock) { event in inbox.post(.braille(event)) } }
        var screenReaderNote: String?
        if configuration.speechDisabled {
            screenReaderNote = localizer.string("screens.reader.none")
        } else if ScreenReaderDetection.speakupActive(synthPath: configuration.speakupSynthPath) {
            screenReaderNote = localizer.string("screens.reader.speakup")
        }
        let services = AppServices(
            store: configuration.settingsStore, keymap: keymap, presenter: configuration.presenter, runtime: runtime,
            speech: configuration.speech, speechControl: configuration.speechControl, wallClock: configuration.wallClock,
            clock: configuration.clock, colorAllowed: configuration.colorAllowed, ascii: configuration.ascii, screenReaderNote: screenReaderNote,
            linkOpener: configuration.linkOpener, sound: configuration.sound, spelling: configuration.spelling,
            configDirectory: configuration.configDirectory, wordLists: configuration.wordLists, pictures: configuration.pictures,
            pixelSupport: configuration.backend.pixelSupport)
        app = AppContext(services: services, localizer: localizer, settings: settings, accounts: accounts, accountName: name, engine: engine)
        app.applySpeechSettings()
        startProblems += app.applySound()
        let root = TimelineScreen(app: app, source: .timeline(.home, owner: nil), entries: [], isRoot: true)
        host = ScreenHost(root: root, backend: configuration.backend, speech: configuration.speech, clock: configuration.clock,
                          localizer: app.localizer, theme: app.theme, settings: settings.controlSettings, bindings: keymap.hostBindings)
        runtime.onEvent = { [unowned self] account, event in self.engineEvent(event, account: account) }
        runtime.onBraille = { [unowned self] event in self.brailleEvent(event) }
    }

    /// The interface language now.
    public var language: Language { app.localizer.language }
    /// The settings now.
    public var settings: AppSettings { app.settings }
    /// The account in use.
    public var accountName: String { app.state.accountName }

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
        await restoreOpenTimelines()
    }

    private var root: TimelineScreen? { host.screens.first as? TimelineScreen }

    /// Says the problems and the digest (only when something is new or few calls are left; the first key
    /// cuts it), opens the home screen on the post being read, starts live updates and a refresh.
    public func start() {
        for problem in startProblems {
            configuration.speech.say(Utterance(problem, priority: .alert, earcon: .error))
        }
        if let note = app.services.screenReaderNote {
            configuration.speech.say(Utterance(note, priority: .alert))
        }
        let engine = app.engine
        runtime.listen(to: engine, account: app.state.accountName)
        runtime.fire { await engine.startLive() }
        // The opening refresh starts before the screen is said, so an empty home says "loading", not "empty".
        let refresh = root?.startRefresh(quiet: true)
        applyBrailleSettings()
        host.start(introduction: digest?.spoken(app.localizer))
        if !startProblems.isEmpty { host.showMessage(startProblems.joined(separator: " ")) }
        loadReminders()
        // Who the user is and the server's limits come from the network: asked after the screen is up,
        // so an unreachable server never delays the cached timeline (and asked again when it is back).
        app.loadAccountDetails()
        if let refresh { host.deliver(refresh) }
        // A timeline brought back on top of home is brought up to date as home is.
        if let shown = host.screen as? TimelineScreen, shown !== root {
            shown.findPlaceBelowCache()
            host.deliver(shown.startRefresh(quiet: true))
        }
        applyEffects()
        endTurn()
    }

    // MARK: Running

    /// Handles one key as the loop would, runs whatever results came in, and draws one frame.
    public func handle(_ key: Key) {
        take(key)
        applyEffects()
        takeResults()
        endTurn()
    }

    /// One key: Escape first cancels actions the server's limit holds back (when that was said), else the
    /// host resolves the key as always.
    private func take(_ key: Key) {
        app.keysTaken += 1
        if key == .escape, let cancelled = app.cancelHeldByLimit() {
            host.deliver(cancelled)
            return
        }
        host.process(key)
    }

    /// Runs the results and events waiting in the inbox; draws one frame when any came.
    public func drain() {
        if takeResults() { endTurn() }
    }

    /// Runs what came in (results, engine events, held notices now due); returns whether anything did.
    @discardableResult
    private func takeResults() -> Bool {
        var changed = runtime.drain()
        if applyEffects() { changed = true }
        let due = hold.takeDue(now: configuration.clock.now())
        if !due.isEmpty {
            host.deliver(ScreenResponse(due.map { .say($0) }))
            showOnBraille(due.map { .say($0) })
            changed = true
        }
        braille?.tick()
        if sayDueReminders() { changed = true }
        return changed
    }

    /// Runs what screens and results asked of the app, oldest first; returns whether there was any.
    @discardableResult
    private func applyEffects() -> Bool {
        var effects = app.takeEffects()
        let any = !effects.isEmpty
        while !effects.isEmpty {
            for effect in effects { apply(effect) }
            // Acting on a response may ask for more (a screen opened by a result starts its own work).
            effects = app.takeEffects()
        }
        return any
    }

    private func apply(_ effect: AppEffect) {
        switch effect {
        case .respond(let response):
            host.deliver(response)
        case .loaded(let loading, let response):
            // The user may have cancelled (Esc) and gone on: then the result is dropped. Help opened over
            // the loading screen gives way to the result.
            if host.screens.dropLast().last === loading { host.closeHelpQuietly() }
            if host.screen === loading { host.deliver(response) }
        case .readIfFocused(let wheel):
            if host.focused === wheel, let utterance = wheel.utterance(context: host.context) {
                // The wheel got focus empty ("loading"): its keys come with its first item.
                host.deliver(ScreenResponse([.say(host.withFirstHint(utterance, of: wheel))]), shown: false)
            }
        case .show(let text):
            // On the status line: the screen (the posts, the page being written) stays in view.
            host.showStatus(text)
        case .relocalize(let except):
            for screen in host.screens where screen !== except { (screen as? any AppScreen)?.relocalize() }
        case .networkWords(let words):
            host.speakWords(words)
        case .focus(let control):
            if host.focused !== control, let index = host.focusables.firstIndex(where: { $0 === control }) { host.focus(index: index) }
        case .readFocusedPictureTexts:
            app.readPictureTexts(of: host.screens.reversed().lazy.compactMap { ($0 as? any AppScreen)?.focusedPost }.first)
        }
    }

    /// Ends a turn of the loop: the screens bring their labels in line and start the turn's work
    /// once (saving where the user reads); then one frame is drawn.
    private func endTurn() {
        for screen in host.screens { (screen as? any AppScreen)?.turnEnded() }
        keepOpenTimelines()
        host.render()
        writeBraille()
    }

    /// When held notices are due to be said (the key loop wakes then).
    public var nextDeadline: Duration? {
        [host.nextDeadline, hold.deadline, reminders.deadline, braille?.nextDeadline].compactMap { $0 }.min()
    }

    /// Waits until every started task finished and its result was shown (tests); draws a frame only
    /// when results came.
    public func settle() async {
        repeat {
            let changed = await runtime.settle()
            if applyEffects() || sayDueReminders() || changed { endTurn() }
        } while runtime.pendingCount > 0
    }

    /// The key loop: waits for a key, a timer or a result, whichever comes first; returns on quit or end of input.
    /// Each turn (a key, results, a timer) draws one frame.
    public func run() {
        start()
        let backend = configuration.backend
        while !host.isFinished {
            if takeResults() { endTurn() }
            let timeout = nextDeadline.map { max(.zero, $0 - configuration.clock.now()) }
            var turn = false
            if let key = backend.nextKey(timeout: timeout) {
                take(key)
                turn = true
            } else if backend.inputEnded {
                break
            }
            if takeResults() { turn = true }
            if host.tick() { turn = true }
            if turn { endTurn() }
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

    // MARK: Engine events

    func engineEvent(_ event: EngineEvent, account: String) {
        guard account == app.state.accountName else { return }
        if case .remindersChanged = event { loadReminders() }
        var said: [Announcement] = []
        if case .notification(let notification, let urgent) = event, urgent {
            let earcon: Earcon = notification.post?.visibility == .direct ? .directMessage : .mention
            if app.settings.autoreadMentions {
                let presented = app.present(notification, whole: true)
                said.append(.say(presented.utterance(priority: .notification, earcon: earcon)))
            } else {
                // Named by the first words of its post: "New mention from Ana: Are you coming tonight?"
                let name = TextSafety.stripped(notification.account.plainName)
                // Behind a content warning, the warning names it.
                let post = (notification.post?.shown).map { AppContext.postName($0.spoilerText.isBlank ? app.text($0.content).spoken : $0.spoilerText) } ?? ""
                let text = post.isEmpty ? app.string("screens.notification.arrived", ["name": name])
                    : app.string("result.notification.arrived", ["name": name, "post": post])
                said.append(.say(Utterance(text, priority: .notification, earcon: earcon, coalesceKey: "notification")))
            }
        }
        said += app.send(.engine(event))
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
        showOnBraille(sayNow)
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
