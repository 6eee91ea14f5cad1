import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// What every screen shares: the services, the session's state (read-only: it changes only by
/// ``send(_:)``; the settings and the language are part of it) and the account's engine.
///
/// It holds no host: what only the app can do goes out as ``AppEffect``s (``takeEffects()``).
final class AppContext {
    var services: AppServices
    /// The session: changed only through ``send(_:)``.
    private(set) var state: SessionState
    /// Every language's strings; ``localizer`` speaks the settings' language.
    private let strings: Localizer
    /// The accounts, and the engines opened so far.
    private(set) var accounts: AccountDirectory
    /// The engine of the account in use.
    private(set) var engine: any AccountEngine
    /// What the app is asked to do, oldest first.
    private var effects: [AppEffect] = []
    /// The timelines open in this session (home first), each on its screen.
    let buffers = TimelineBuffers()
    /// How many keys the user has pressed in this session: a turn with the same count came from a timer (a
    /// scanning step), not from a key.
    var keysTaken = 0
    /// Calls the user waits on that the server's limit holds back, once said, by id (``AppContext+LimitWatch``).
    var heldByLimit: Set<Int> = []
    /// Calls started with ``callWatchingLimit(_:for:evenIfClosed:as:)`` and not yet answered.
    var watchedCalls: Set<Int> = []
    /// The text read in pictures and the files' sizes, this session (``AppContext+PictureText``).
    let mediaMemory = MediaMemory()

    init(services: AppServices, localizer: Localizer, settings: AppSettings, accounts: AccountDirectory, accountName: String,
         engine: any AccountEngine) {
        self.services = services
        strings = localizer
        self.accounts = accounts
        self.engine = engine
        state = SessionState(accountName: accountName, settings: settings)
    }

    /// The settings in force.
    var settings: AppSettings { state.settings }

    /// The strings in the interface language (the settings'), in the words of the account's network ("Like" on Bluesky).
    var localizer: Localizer { engine.capabilities.speaking(strings.switched(to: state.settings.language)) }

    /// Applies a message to the session and runs what it asks; returns what is to be said now.
    @discardableResult
    func send(_ message: SessionMessage) -> [Announcement] {
        var said: [Announcement] = []
        for effect in state.update(message, localizer: localizer) {
            switch effect {
            case .say(let announcement): said.append(announcement)
            case .show(let text): effects.append(.show(text))
            case .loadAccountDetails: loadAccountDetails()
            case .applySpeechSettings: applySpeechSettings()
            case .saveSettings: said += saveSettings()
            case .tellOutbox(let event): said += tellOutbox(event)
            }
        }
        return said
    }

    /// Who the user is, the server's limits, the user's lists and the posts waiting in the outbox; they come back as messages.
    func loadAccountDetails() {
        let engine = self.engine
        let account = state.accountName
        call({ try await engine.me() }, as: { result in (try? result.get()).map { .me($0, account: account) } })
        call({ try await engine.instance().maxCharacters }, as: { result in (try? result.get()).map { .maxCharacters($0, account: account) } })
        // Posts written in an earlier session may still wait: coming back is said before their "Sent".
        call({ Set(await engine.outbox().filter { $0.state == .queued }.map(\.id)) }, as: { result in
            (try? result.get()).map { .waitingInOutbox($0, account: account) }
        })
        // Go to counts the user's lists and saved feeds among its places: known before it opens, the count it
        // says is the count it shows.
        if state.saved == nil, capabilities.has(.lists) || capabilities.has(.customFeeds) {
            call({ try await engine.savedTimelines() }, as: { result in (try? result.get()).map { .savedTimelines($0, account: account) } })
        }
    }

    /// Queues something only the app can do.
    func request(_ effect: AppEffect) { effects.append(effect) }

    /// Takes what was queued for the app, oldest first.
    func takeEffects() -> [AppEffect] {
        defer { effects.removeAll() }
        return effects
    }

    /// The context controls see, outside a key (a loading state begun by a screen).
    var controlContext: ControlContext {
        ControlContext(localizer: localizer, theme: theme, settings: settings.controlSettings, now: services.clock.now())
    }

    func string(_ key: String, _ arguments: [String: String] = [:]) -> String { localizer.string(key, arguments) }

    /// The theme Settings chose, in monochrome without colour; the screen-reader drawing is monochrome too:
    /// a screen reader says "has attribute" wherever the cursor lands on a colour that is not the terminal's
    /// own (Fenrir does), so there only the focus block stands out.
    var theme: Theme {
        let plain = settings.screenReaderDrawing
        return Theme.named(services.colorAllowed && !plain ? settings.theme : .monochrome, ascii: services.ascii, plain: plain)
    }

    // MARK: Presenting

    /// The template, level and options the settings give.
    var presentation: PresentationSettings { settings.presentation }

    /// A post as the settings present it; `revealed`: its body is shown and read after its content warning;
    /// `whole`: said whole, where no Right can ask for the rest (a reply's context).
    func present(_ post: Post, revealed: Bool = false, whole: Bool = false) -> Presented {
        services.presenter.present(post, localizer: localizer, now: services.wallClock(), settings: presentation(revealed: revealed, whole: whole))
    }

    /// The settings' presentation, with a post's warning opened (`revealed`: its body shown and read after it) and
    /// its body said whole (`whole`).
    private func presentation(revealed: Bool, whole: Bool = false) -> PresentationSettings {
        var presentation = presentation
        if whole { presentation.options.wholePosts = true }
        if revealed {
            presentation.options.readWarningBody = true
            presentation.options.opened = true
        }
        return presentation
    }

    /// A post whole as the reader shows it, in its voices, with the words said otherwise than shown ("hashtag
    /// accesibilidad", "link to github.com"); `revealed`: its warning is open.
    /// - Parameter textOnly: only what a list's text label shows of it (``PostPresenting/textReading(_:localizer:now:settings:)``).
    func voicedText(of post: Post, revealed: Bool = false, textOnly: Bool = false, after more: [Utterance.Segment] = []) -> ReviewText {
        let presentation = presentation(revealed: revealed)
        let now = services.wallClock()
        let segments = textOnly ? services.presenter.textReading(post, localizer: localizer, now: now, settings: presentation)
            : services.presenter.reading(post, localizer: localizer, now: now, settings: presentation)
        let sayings = services.presenter.readerSayings(post, localizer: localizer, settings: presentation)
        return ReviewText(segments: segments.map { Utterance.Segment($0.text, language: $0.language) } + more,
                          language: SpeechText.voiceLanguage(post.shown.language))
            .saidInVoices { word, voice in sayings.said(word, voice: voice)?.map { Utterance.Segment($0.text, language: $0.language) } }
    }

    /// `whole`: its post said whole, where no Right can ask for the rest (a mention read as it comes).
    func present(_ notification: MicroblogNotification, whole: Bool = false) -> Presented {
        var presentation = presentation
        if whole { presentation.options.wholePosts = true }
        return services.presenter.present(notification, localizer: localizer, now: services.wallClock(), settings: presentation)
    }

    func present(_ account: Account) -> Presented { services.presenter.present(account, localizer: localizer, settings: presentation) }

    /// A body or bio, as its network's module read it, to show and to say.
    /// A text to show and to say in `voice` (nil: the interface's).
    func text(_ rich: RichText, voice: String? = nil) -> SpeechText.Text {
        services.presenter.text(rich, localizer: localizer, settings: presentation, voice: voice)
    }

    /// An account's bio, to show and to say in the language it is written in.
    func bio(of account: Account) -> Presented { services.presenter.bio(of: account, localizer: localizer, settings: presentation) }

    // MARK: Speaking

    func say(_ text: String, priority: SpeechPriority = .focus, earcon: Earcon? = nil) -> Announcement {
        .say(Utterance(text, priority: priority, earcon: earcon))
    }

    /// An error said (as an alert) and shown over the screen until the next key (unless `shown` is
    /// false: the screen shows it itself); `lead` is said first; nothing typed is lost. `retrying` only where
    /// something does try again (a timeline's refresh, which the engine polls while the server is away): a
    /// vote, a follow or a list's change is not tried again, and is not said to be.
    func report(_ error: MicroblogError, lead: String? = nil, shown: Bool = true, retrying: Bool = false) -> ScreenResponse {
        ScreenResponse(send(.callFailed(error, lead: lead, shown: shown, retrying: retrying)))
    }

    /// Applies a screen response once the turn's results are in (a result arrived from a task).
    func respond(_ response: ScreenResponse) {
        effects.append(.respond(response))
    }

    // MARK: Work

    /// Runs `work` behind the loading screen (Esc cancels); its result comes back to the loading screen
    /// as the message `message` makes of it, and the loading screen opens what it loaded (once).
    ///
    /// - Parameter said: `what` as it is said when that differs ("Hashtag tea" for "Hashtag #tea"); nil: as shown.
    func load<T: Sendable>(
        _ what: String, said: String? = nil, _ work: @escaping @Sendable () async throws -> T,
        as message: @escaping (Result<T, MicroblogError>) -> LoadingScreen.Message
    ) -> ScreenResponse {
        let loading = LoadingScreen(app: self, what: what, said: said)
        send(.callStarted)
        loading.taskId = services.runtime.run(work) { [weak self, weak loading] result in
            guard let self else { return }
            if let loading { self.effects.append(.loaded(loading, loading.receive(message(result)))) }
            self.callEnded()
        }
        return ScreenResponse(loading.begin(), navigation: .push(loading))
    }

    /// Starts an engine call for `screen`: its result comes back to the screen as the message
    /// `message` makes of it, on the key loop, and what the screen makes of it is applied once.
    ///
    /// A screen closed meanwhile gets nothing, unless `evenIfClosed` (a vote sent as its screen closes
    /// is still said). Returns the call's id, for ``cancel(_:)``.
    @discardableResult
    func call<T: Sendable, S: MessageReceiver>(
        _ work: @escaping @Sendable () async throws -> T, for screen: S, evenIfClosed: Bool = false,
        as message: @escaping (Result<T, MicroblogError>) -> S.Message
    ) -> Int {
        let kept = evenIfClosed ? screen : nil
        send(.callStarted)
        return services.runtime.run(work) { [weak self, weak screen] result in
            guard let self else { return }
            // What the user's own call came to answers their key: it is said at once (``SpeechPriority/answer``).
            if let screen = screen ?? kept { self.respond(screen.receive(message(result)).answering()) }
            self.callEnded()
        }
    }

    /// Starts an engine call whose result is a message to the session (nil: nothing to apply).
    func call<T: Sendable>(_ work: @escaping @Sendable () async throws -> T, as message: @escaping (Result<T, MicroblogError>) -> SessionMessage?) {
        services.runtime.run(work) { [weak self] result in
            guard let self, let message = message(result) else { return }
            let said = self.send(message)
            if !said.isEmpty { self.respond(ScreenResponse(said)) }
        }
    }

    /// Cancels a call a screen started (Esc on the loading screen); returns what is to be said now.
    func cancel(_ taskId: Int) -> [Announcement] {
        services.runtime.cancel(taskId)
        return send(.callEnded)
    }

    /// A call a screen started came back: what the session says then (going offline, when the call
    /// did not say it) follows the screen's own response.
    private func callEnded() {
        let said = send(.callEnded)
        if !said.isEmpty { respond(ScreenResponse(said)) }
    }

    /// Saves the settings; says an error when they cannot be written (the choice stays in force).
    func saveSettings() -> [Announcement] {
        do {
            try services.store.save(settings)
            return []
        } catch let error as SettingsError {
            return [.say(Utterance(error.message(localizer), priority: .alert, earcon: .error))]
        } catch {
            return [.say(Utterance(SettingsError.unwritable(path: "").message(localizer), priority: .alert, earcon: .error))]
        }
    }

    /// Applies the speech part of the settings to the speech output.
    func applySpeechSettings() {
        guard let speechControl = services.speechControl else { return }
        var next = settings.speechSettings(base: speechControl.settings)
        if services.screenReaderNote != nil { next.earconsOnly = true }
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
        case .link(let url): string("timeline.link", ["site": TextSafety.stripped(URL(string: url)?.host ?? url)])
        case .feed: string("custom-feeds.timeline", ["name": TextSafety.stripped(owner ?? "")])
        }
    }

    /// A timeline's name as said: a hashtag timeline's with the tag's words and no "#" ("Hashtag accesibilidad",
    /// not "Hashtag hash accesibilidad"); any other as ``timelineName(_:owner:)`` shows it.
    func spokenTimelineName(_ kind: TimelineKind, owner: String? = nil) -> String {
        said(timelineName(kind, owner: owner), naming: kind)
    }

    /// `shown`, a text that names the timeline `kind` ("Loading Hashtag #tea"), as said: a hashtag timeline's tag by
    /// its words, without "#"; any other as shown.
    func said(_ shown: String, naming kind: TimelineKind) -> String {
        guard case .hashtag(let tag) = kind else { return shown }
        let safe = TextSafety.stripped(tag)
        return shown.replacingOccurrences(of: "#" + safe, with: SpeechText(localizer: localizer).hashtagWords(safe))
    }
}

extension AppContext {
    /// Switches the interface language live: the next utterance is in the new language and voice.
    func switchLanguage(to language: Language, focus: Int) -> ScreenResponse {
        var next = settings
        next.language = language
        next.voice = AppSettings.voice(for: language)
        let problems = send(.settingsChanged(next))
        effects.append(.relocalize(except: nil))
        return ScreenResponse(problems, navigation: .replace(SettingsScreen(app: self, focus: focus)), language: language)
    }

    /// The engine of another account, opened the first time it is asked for.
    func engine(forAccount name: String) -> (any AccountEngine)? {
        accounts.engine(name)
    }

    /// Makes another account the one the screens use.
    func switchAccount(to name: String, engine: any AccountEngine) {
        self.engine = engine
        effects.append(.networkWords(engine.capabilities.words.stringsPrefix))
        buffers.closeAll()
        send(.switchedAccount(name))
        services.runtime.listen(to: engine, account: name)
    }
}
