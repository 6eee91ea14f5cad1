import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// What a timeline screen shows.
enum TimelineSource: Equatable {
    case timeline(TimelineKind, owner: String?)
    case notifications
    case thread(focusId: String)

    /// The key events and unseen counts use.
    var key: String {
        switch self {
        case .timeline(let kind, _): kind.key
        case .notifications: "notifications"
        case .thread(let id): "thread:\(id)"
        }
    }
}

/// One row of a timeline: a post, or a notification (which may carry a post).
enum TimelineEntry: Equatable {
    case post(Post)
    case notification(MicroblogNotification)

    var id: String {
        switch self {
        case .post(let post): post.id
        case .notification(let notification): notification.id
        }
    }

    /// The post actions apply to.
    var post: Post? {
        switch self {
        case .post(let post): post
        case .notification(let notification): notification.post
        }
    }
}

/// The timeline screen (the thesis's figure 19), the same for every timeline so it is learnt once:
/// author, time, the post's text, the actions, the wheel of posts, where you are, and the toolbar
/// (About or Back, Info, Details, New post).
final class TimelineScreen: AppScreen {
    unowned let app: AppContext
    let source: TimelineSource
    let isRoot: Bool
    let author = Button.quiet()
    let time = Label(text: "")
    let text = Label(text: "")
    /// Boost, favourite and bookmark show and say the post's state; a press asks the server, and the
    /// state changes when it answered (``act(_:on:)``).
    let boost = Toggle("", asks: true, compact: true)
    let reply = Button.quiet()
    let favourite = Toggle("", asks: true, compact: true)
    let bookmark = Toggle("", asks: true, compact: true)
    let threadButton = Button.quiet()
    let refresh = Button.quiet()
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let whereLabel = Label(text: "")
    let details = Button.quiet()
    let compose = Button.quiet()
    let toolbar: Toolbar
    /// Kept compact; an entry is made whole when it is shown, said or acted on.
    private(set) var entries = TimelineEntries()
    /// Posts whose warning (an author's or a filter's) the user opened.
    private let warnings = OpenedWarnings()
    /// Deleting asks for a second press on the same post.
    var deletion = ConfirmTwice<String>()
    /// The wheel position the labels show (nil: show again).
    private var shown: Int?
    /// The key count (``AppContext/keysTaken``) when a post's rest was said (Right, or a scanning step): the text
    /// shows from the rest until the next key, however many steps of scanning go by while the rest is said.
    private var restShownAtKey: Int?
    /// The entry whose reading was last saved.
    private var markedId: String?
    /// Whether older pages follow the loaded entries.
    var older = OlderPages()
    var refreshing = false
    /// Whether the last refresh failed (the timeline kept as it was).
    var refreshFailed = false
    /// The calls the user waits on, and whether the server's limit holds them back.
    var limitWait = LimitWait()
    /// Whether the cache is being read after new posts came, and whether more came meanwhile.
    var reloading = false
    var reloadAgain = false

    var title: String { app.string("screens.timeline.title", ["name": name, "account": TextSafety.stripped(app.state.accountName)]) }
    var helpIntro: String { app.string("screens.timeline.help") }
    /// Whether the account's network has bookmarks (else their toggle is not shown).
    let offersBookmarks: Bool
    var controls: [any Control] { [author, time, text] + actionRow + [wheel, whereLabel] }
    /// The post's actions, in their row: those the account's network has.
    var actionRow: [any Control] {
        offersBookmarks ? [boost, reply, favourite, bookmark, threadButton, refresh] : [boost, reply, favourite, threadButton, refresh]
    }
    /// The focus starts on the wheel.
    var initialFocus: Int { 3 + actionRow.count }
    /// The control focused when the screen was last laid out (an index into ``controls`` then the toolbar's).
    private var focusDrawn: Int?
    var bindings: [Binding] {
        app.bindings(for: [.compose, .reply, .boost, .favourite, .bookmark, .thread, .author, .goTo, .refresh, .contentWarning,
                           .altText, .links, .vote, .delete, .whereAmI, .settings, .read, .nextTimeline, .previousTimeline,
                           .search, .profile, .outbox, .budget, .muteConversation, .reportPost, .remind, .reminders,
                           .editPost, .redraft, .history, .showPictures, .mediaList] + AccountToolKeys.timelineCommands + ReactionKeys.timelineCommands)
    }

    init(app: AppContext, source: TimelineSource, entries: [TimelineEntry], index: Int = 0, isRoot: Bool = false) {
        self.app = app
        self.source = source
        self.isRoot = isRoot
        offersBookmarks = app.capabilities.has(.bookmarks)
        toolbar = Toolbar(localizer: app.localizer, first: details, second: compose)
        refresh.quietPress = true
        wheel.quietChoice = true
        relocalize()
        setEntries(entries, index: index)
        // Every timeline opened is one of the session's open timelines (a thread is not).
        app.buffers.open(self)
    }

    /// The timeline's name ("Home", "Posts by Ana").
    var name: String {
        switch source {
        case .timeline(let kind, let owner): app.timelineName(kind, owner: owner)
        case .notifications: app.string("screens.timeline.notifications")
        case .thread: app.string("screens.timeline.thread")
        }
    }

    /// The timeline's name as said: a hashtag's without "#" (``AppContext/spokenTimelineName(_:owner:)``).
    var spokenName: String {
        guard case .timeline(let kind, let owner) = source else { return name }
        return app.spokenTimelineName(kind, owner: owner)
    }

    /// The title as said: the name as ``spokenName`` says it.
    var spokenTitle: String? {
        app.string("screens.timeline.title", ["name": spokenName, "account": TextSafety.stripped(app.state.accountName)])
    }

    /// Whether the user opened the content warning of a post.
    func isRevealed(_ postId: String) -> Bool { warnings.contains(postId) }

    var current: TimelineEntry? { entries.indices.contains(wheel.index) ? entries[wheel.index] : nil }
    /// The post under the marker (a boost's original).
    var focusedPost: Post? { current?.post?.shown }

    func relocalize() {
        wheel.readOn(app)
        toolbar.back.title = app.string(isRoot ? "screens.about.button" : "lv.toolbar.back")
        toolbar.back.shortTitle = isRoot ? app.string("toolbar.about.short") : nil
        toolbar.info.title = app.string("lv.toolbar.info")
        details.title = app.string("screens.timeline.details")
        details.shortTitle = app.string("toolbar.details.short")
        compose.title = app.string("screens.timeline.new-post")
        boost.title = app.string("screens.action.boost")
        reply.title = app.string("screens.action.reply")
        favourite.title = app.string("screens.action.favourite")
        bookmark.title = app.string("screens.action.bookmark")
        threadButton.title = app.string("screens.action.thread")
        refresh.title = app.string("screens.action.refresh")
        time.name = app.string("screens.timeline.time")
        text.name = ""
        // Enter, Space or the switch on the post's text opens it whole in the reader.
        text.activation = app.string("screens.timeline.text.activation")
        text.switchActivation = app.string("screens.timeline.text.switch")
        // Where you are leads elsewhere: the one way to Go to for a switch user, whose scan has no keys.
        whereLabel.activation = app.string("where-you-are.activation")
        whereLabel.switchActivation = app.string("where-you-are.switch")
        wheel.title = app.string("screens.timeline.posts")
        setEntries(entries, index: wheel.index)
    }

    // MARK: Entries

    func present(_ entry: TimelineEntry) -> Presented {
        switch entry {
        case .post(let post): return warnings.present(post, app: app)
        case .notification(let notification): return app.present(notification)
        }
    }

    /// The sound said before an entry when post cues are on (a post's kind: boost, reply, poll, media).
    func cue(_ entry: TimelineEntry) -> Earcon? {
        guard app.settings.postCues, case .post(let post) = entry else { return nil }
        return PostCue.earcon(for: post)
    }

    func setEntries(_ newEntries: [TimelineEntry], index: Int) {
        setEntries(entries.keeping(newEntries), index: index)
    }

    func setEntries(_ newEntries: TimelineEntries, index: Int) {
        entries = newEntries
        wheel.continuesBelow = pages && older.continues && !newEntries.isEmpty
        // Presented on demand: a key on a timeline of 100 000 posts presents only what it shows and says.
        // The items read `entries` (the same as `newEntries` until the next call), so that the list
        // is held once and an older page is added to it in place.
        wheel.setPresented(count: newEntries.count, index: index, cue: { [unowned self] in self.cue(self.entries[$0]) },
                           hidden: { [unowned self] in self.hiddenText(self.entries[$0]) }) { [unowned self] in
            self.present(self.entries[$0])
        }
        showCurrent()
    }

    /// What Right says on a post whose text a warning hides: not "Nothing more", but how to read it.
    private func hiddenText(_ entry: TimelineEntry) -> WheelItemSpeech? {
        guard case .post(let post) = entry else { return nil }
        return warnings.hiddenText(of: post, app: app)
    }

    /// Adds entries after the loaded ones (an older page) without copying those.
    func appendEntries(_ more: [TimelineEntry], index: Int) {
        entries.append(contentsOf: more)
        setEntries(entries, index: index)
    }

    /// Shows the text from the line where `said` begins, until the next key (``restShownAtKey``).
    private func showFrom(said: String) {
        text.shownFrom = text.offset(ofSaid: said)
        restShownAtKey = app.keysTaken
    }

    /// After a turn: the labels follow a wheel that moved (a move disarms deleting), and the reading
    /// position is saved once for the post now under the marker.
    func turnEnded() {
        if let key = restShownAtKey, key != app.keysTaken {
            restShownAtKey = nil
            text.shownFrom = nil
        }
        if shown != wheel.index {
            deletion.disarm()
            showCurrent()
            loadOlderIfNear()
        }
        saveReadingPosition()
    }

    /// What an empty timeline says and shows: "Still loading" while its first posts are asked for (a key
    /// pressed then has nothing to act on yet, but "Nothing here yet" would not be true), else "Nothing here yet".
    var emptySaid: String { app.string(refreshing ? "screens.timeline.still-loading" : "screens.timeline.empty") }

    /// Shows the post under the marker in the labels above the wheel.
    func showCurrent() {
        shown = wheel.index
        if wheel.index == 0, app.state.unseen[source.key] != nil { app.send(.reachedTop(timeline: source.key)) }
        guard let entry = current else {
            author.title = app.string("screens.timeline.no-author")
            author.shortTitle = nil
            time.text = ""
            time.spokenText = nil
            text.text = emptySaid
            text.language = nil
            showActionStates(of: nil)
            updateWhere()
            return
        }
        switch entry {
        case .post(let post):
            showAuthor(post.shown.account)
            showTime(post.shown.createdAt)
        case .notification(let notification):
            showAuthor(notification.account)
            showTime(notification.createdAt)
        }
        text.text = wheel.currentPresented?.display ?? present(entry).display
        // Focused (Tab, or a switch user's scan), the post's words are read in its language's voice, not the
        // interface's; a notification's text starts with the interface's words ("Ana favourited your post").
        // It is said as the reader says it, too: "hashtag ParlaTips", not "hash Parla Tips".
        if case .post(let post) = entry {
            text.language = SpeechText.voiceLanguage(post.shown.language)
            let revealed = warnings.contains(post.id)
            text.voicing = { [unowned app] in app.voicedText(of: post, revealed: revealed, textOnly: true) }
        } else {
            text.language = nil
        }
        showActionStates(of: entry.post?.shown)
        updateWhere()
        app.readPictureTexts(of: entry.post?.shown)
    }

    /// "Ana García @ana", with the server's emoji as words and nothing invisible left in the name.
    private func authorTitle(_ account: Account) -> String {
        app.services.presenter.present(account, localizer: app.localizer, settings: app.presentation).line
    }

    /// The author button: "Marta Puig i Soler @marta", or the name alone where the row has no room for the
    /// handle (at 40 columns), rather than a name cut ("@mart…"); the handle is said either way.
    private func showAuthor(_ account: Account) {
        let title = authorTitle(account)
        author.title = title
        let handle = " @" + TextSafety.stripped(account.acct)
        author.shortTitle = title.hasSuffix(handle) && title.count > handle.count ? String(title.dropLast(handle.count)) : nil
    }

    /// The time label: short on screen ("5 h ago"), in words when read ("5 hours ago").
    private func showTime(_ date: Date) {
        let when = app.services.presenter.time(date, now: app.services.wallClock(), localizer: app.localizer, settings: app.presentation)
        time.text = when.display
        time.spokenText = when.spoken == when.display ? nil : when.spoken
    }

    /// Moves the saved reading position to the entry under the marker, once per entry reached.
    private func saveReadingPosition() {
        guard let entry = current, entry.id != markedId else { return }
        markedId = entry.id
        let engine = app.engine
        switch (source, entry) {
        case (.timeline(let kind, _), .post(let post)):
            let id = post.id
            app.services.runtime.fire { await engine.markRead(kind, postId: id) }
        case (.notifications, .notification(let notification)):
            let id = notification.id
            app.services.runtime.fire { await engine.markNotificationsRead(upTo: id) }
        default:
            break
        }
    }

    func updateWhere() {
        var parts = [app.string("screens.where", ["name": name])]
        // The screen-reader drawing leaves the position out (it is said with each post, and on request).
        if !entries.isEmpty, !app.theme.plain {
            let position = ["index": String(wheel.index + 1), "count": String(entries.count)]
            parts.append(app.string(older.moreBelow ? "screens.where.more-below" : "lv.position", position))
        }
        if let unseen = app.state.unseen[source.key], unseen > 0 { parts.append(app.string("screens.where.unseen", ["count": String(unseen)])) }
        if let until = limitWait.until {
            parts.append(app.string("feedback.where.limit", ["time": MicroblogError.clockTime(until, timeZone: .current)]))
        }
        if refreshing { parts.append(app.string("screens.where.refreshing")) } else if refreshFailed, !app.state.offline, !app.state.needsLogin {
            parts.append(app.string("feedback.where.refresh-failed"))
        }
        if app.state.needsLogin { parts.append(app.string("screens.where.login")) } else if app.state.offline { parts.append(app.string("screens.where.offline")) }
        if let note = app.services.screenReaderNote { parts.append(note) }
        whereLabel.text = parts.joined(separator: " · ")
    }

    /// Replaces a post that changed (boosted, edited) wherever it appears.
    func update(_ post: Post) {
        if let replaced = entries.replacing(post) { setEntries(replaced, index: wheel.index) }
    }

    // MARK: Loading

    /// Loads what the cache holds for a source (and the thread from the server).
    static func fetch(_ source: TimelineSource, engine: any AccountEngine) async throws -> ([TimelineEntry], Int) {
        switch source {
        case .timeline(let kind, _):
            let cached = await cachedEntries(source, engine: engine)
            guard cached.0.isEmpty else { return cached }
            _ = try await engine.refresh(kind)
            return await cachedEntries(source, engine: engine)
        case .notifications:
            let cached = await cachedEntries(source, engine: engine)
            guard cached.0.isEmpty else { return cached }
            _ = try await engine.refreshNotifications()
            return await cachedEntries(source, engine: engine)
        case .thread(let id):
            let thread = try await engine.thread(id: id)
            return (thread.all.map(TimelineEntry.post), thread.ancestors.count)
        }
    }

    /// Fetches what is new, keeping the post being read under the marker.
    func startRefresh(quiet: Bool = false) -> ScreenResponse {
        guard !refreshing else { return .none }
        refreshing = true
        if entries.isEmpty {
            wheel.emptyValue = app.string("lv.loading")
            showCurrent()
        }
        updateWhere()
        let engine = app.engine
        let source = self.source
        watchLimit({ () -> ([TimelineEntry], Int) in
            switch source {
            case .timeline(let kind, _):
                let result = try await engine.refresh(kind)
                return (await engine.cached(kind).map(TimelineEntry.post), result.newCount)
            case .notifications:
                let count = try await engine.refreshNotifications()
                return (TimelineEntry.notifications(await engine.cachedNotifications()), count)
            case .thread(let id):
                let thread = try await engine.thread(id: id)
                return (thread.all.map(TimelineEntry.post), 0)
            }
        }, as: { .refreshed($0, quiet: quiet, token: $1) })
        return .none
    }

    /// Shows fresh entries without moving away from the one being read; counts what came above it.
    func reload(_ fresh: [TimelineEntry]) { reload(FreshEntries(fresh)) }

    /// ``reload(_:)`` for entries whose hashes were worked out where the cache was read.
    func reload(_ read: FreshEntries) {
        let fresh = read.entries
        let currentId = entries.indices.contains(wheel.index) ? entries.id(at: wheel.index) : nil
        // Older pages loaded below the cache's posts stay, after the last of them.
        var kept = entries.keeping(read)
        if older.paged, let last = fresh.last, let at = entries.firstIndex(id: last.id) {
            kept = entries.replacingPrefix(with: kept, keepingAfter: at)
        } else if older.paged {
            older.reset()
        }
        if case .notifications = source {
            // Notifications that came join the groups they belong to.
            kept = kept.keeping(TimelineEntry.regrouped(Array(kept)))
        }
        // The entry read may have become part of a newer group: the marker stays on that group.
        let newIndex = currentId.flatMap { kept.firstIndex(standingFor: $0) } ?? 0
        setEntries(kept, index: newIndex)
    }

    // MARK: Events

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        let source = event.source
        if case .selected = event.kind, source === wheel { return chosenFromWheel() }
        if event.kind == .pastEnd, source === wheel { return movedPastEnd() }
        if case .readOn(let index) = event.kind, source === wheel, index == shown {
            // The text shows from the line where the rest said begins (at 40×12 it has two rows).
            showFrom(said: wheel.currentPresented?.rest.map(\.text).joined() ?? "")
            return .none
        }
        guard event.kind == .activated || event.kind == .toggled(true) || event.kind == .toggled(false) else { return .none }
        if source === author { return perform(.author) }
        if source === text { return perform(.read) }
        if source === whereLabel { return perform(.goTo) }
        if source === boost { return perform(.boost) }
        if source === reply { return perform(.reply) }
        if source === favourite { return perform(.favourite) }
        if source === bookmark { return perform(.bookmark) }
        if source === threadButton { return perform(.thread) }
        if source === refresh { return perform(.refresh) }
        if source === compose { return perform(.compose) }
        if source === details { return openDetails() }
        return .none
    }

    /// A post chosen in the wheel: its thread opens; while scanning, the switch user has just heard the
    /// post whole, so the scan comes out to the post's actions instead (Boost, Reply, Favourite … are the
    /// next steps; its text, one step before, opens the reader).
    private func chosenFromWheel() -> ScreenResponse {
        guard app.settings.controlSettings.scanning, current?.post != nil else { return perform(.thread) }
        app.request(.focus(boost))
        return .none
    }

    func back(context: ControlContext) -> ScreenResponse {
        if let cancelled = cancelLimitWait() { return cancelled }
        // In the screen-reader drawing, Esc from the where-line, the details or the toolbar goes back to the list.
        if context.theme.plain, let drawn = focusDrawn, drawn != initialFocus {
            app.request(.focus(wheel))
            return .none
        }
        return isRoot ? ScreenResponse(navigation: .push(AboutScreen(app: app))) : ScreenResponse(navigation: .pop)
    }

    /// Details: the author of the post under the marker, or the timeline's owner.
    func openDetails() -> ScreenResponse {
        if let account = current?.post?.shown.account ?? currentNotificationAccount() { return UserDetailsScreen.open(app: app, account: account) }
        if let me = app.state.me { return UserDetailsScreen.open(app: app, account: me) }
        return ScreenResponse([app.say(app.string("screens.timeline.empty"), earcon: .error)])
    }

    private func currentNotificationAccount() -> Account? {
        if case .notification(let notification)? = current { return notification.account }
        return nil
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse { perform(command) }

    /// Does one of the timeline's commands (a single key or one of its buttons).
    func perform(_ action: ScreenCommand) -> ScreenResponse {
        if action != .delete && action != .redraft { deletion.disarm() }
        if let refusal = app.refusal(action) { return refusal }
        switch action {
        case .compose: return ComposeScreen.open(app: app, mode: .new)
        case .goTo: return ScreenResponse(navigation: .push(SwitcherScreen(app: app, from: name)))
        case .refresh: return startRefresh()
        case .whereAmI: return ScreenResponse([app.say(whereLabel.text)])
        case .settings: return ScreenResponse(navigation: .push(SettingsScreen(app: app)))
        case .nextTimeline: return moveToTimeline(step: 1)
        case .previousTimeline: return moveToTimeline(step: -1)
        case .search, .profile, .outbox, .budget, .reminders: return app.open(action)
        case .followHashtag: return followHashtag()
        default: break
        }
        guard let entry = current else { return ScreenResponse([app.say(emptySaid, earcon: .edge)]) }
        if action == .author {
            let account = entry.post?.shown.account ?? currentNotificationAccount()
            return account.map { UserDetailsScreen.open(app: app, account: $0) } ?? ScreenResponse.none
        }
        guard let post = entry.post else { return ScreenResponse([app.say(app.string("screens.post.none"), earcon: .edge)]) }
        let shown = post.shown
        let engine = app.engine
        switch action {
        case .reply: return ComposeScreen.open(app: app, mode: .reply(shown))
        case .remind: return ScreenResponse(navigation: .push(RemindScreen(app: app, post: shown)))
        case .read: return ScreenResponse(navigation: .push(ReaderScreen(app: app, post: post, timeline: self)))
        case .boost: return act(.boost, on: shown)
        case .favourite: return act(.favourite, on: shown)
        case .bookmark: return act(.bookmark, on: shown)
        case .thread:
            let source = TimelineSource.thread(focusId: shown.id)
            return app.load(app.string("screens.loading.thread"), { try await TimelineScreen.fetch(source, engine: engine) },
                            as: { .timeline(source, $0) })
        case .contentWarning:
            let (response, changed) = warnings.toggle(post, app: app)
            if changed { setEntries(entries, index: wheel.index) }
            if changed, warnings.contains(post.id) {
                // Opened, the text is read: it shows from its first words, under the warning (at 40×12 the
                // label has two rows, which the warning may take), until the next key.
                showFrom(said: app.text(shown.content, voice: SpeechText.voiceLanguage(shown.language)).spoken)
            }
            return response
        case .altText: return AltTextSpeech.respond(app: app, post: shown)
        case .showPictures: return PictureScreen.open(app: app, post: shown)
        case .mediaList: return MediaListScreen.open(app: app, post: shown)
        case .links:
            let links = app.services.presenter.links(in: shown, localizer: app.localizer)
            guard !links.isEmpty else { return ScreenResponse([app.say(app.string("screens.post.no-links"))]) }
            return ScreenResponse(navigation: .push(LinksScreen(app: app, links: links)))
        case .vote:
            guard let poll = shown.poll else { return ScreenResponse([app.say(app.string("screens.post.no-poll"))]) }
            let voice = SpeechText.voiceLanguage(shown.language)
            let asked = app.services.presenter.text(of: shown, localizer: app.localizer, settings: app.presentation, voice: voice)
            return ScreenResponse(navigation: .push(PollScreen(app: app, poll: poll, asked: asked, language: voice, emojis: shown.emojis ?? [])))
        case .muteConversation, .reportPost: return safety(action, post: post)
        case .editPost, .redraft, .history: return own(action, post: post)
        case .pinPost: return pin(post)
        case .boostedBy, .favouritedBy:
            return PeopleScreen.open(app: app, account: shown.account, which: action == .boostedBy ? .boostedBy(postId: shown.id) : .favouritedBy(postId: shown.id))
        case .delete:
            guard let me = app.state.me, shown.account.id == me.id, !post.isBoost else {
                return ScreenResponse([app.say(app.string("screens.delete.not-yours"), earcon: .error)])
            }
            guard deletion.press(post.id) else {
                return app.askSecondPress(app.string("screens.delete.confirm", ["key": app.againKey(for: .delete)]))
            }
            let id = post.id
            // The post leaves the screen when the engine says it is gone (postDeleted), once.
            app.call({ try await engine.delete(postId: id) }, for: self, as: Message.deleted)
            return ScreenResponse.none
        default:
            return .none
        }
    }

    func engineEvent(_ event: EngineEvent, isTop: Bool) -> ScreenResponse {
        switch event {
        case .newPosts(let timeline, let count) where timeline == source.key:
            guard case .timeline = source else { return .none }
            app.send(.newPosts(timeline: source.key, count: count))
            let total = app.state.unseen[source.key] ?? count
            reloadFromCache()
            guard isTop else { return .none }
            let text = app.localizer.plural("screens.new-posts", count: total, ["name": name])
            return ScreenResponse([.say(Utterance(text, priority: .notification, earcon: .newPost, coalesceKey: "new:\(source.key)"))])
        case .postSent where source == .timeline(.home, owner: nil):
            // The user's own post is in the cache now; shown above without counting it as news.
            reloadFromCache()
        case .postSent(_, let post):
            showSentReply(post)
        case .gapFilled(let timeline, let count, _) where timeline == source.key && count > 0:
            // What was missing is in the cache now, below what the screen shows first (the sentence is the session's).
            reloadFromCache()
        case .online:
            // The server answers again: what failed is no longer the state of things.
            refreshFailed = false
        case .postUpdated(let post):
            update(post)
        case .postDeleted(let id):
            if entries.firstIndex(id: id) != nil { setEntries(entries.removing(id: id), index: wheel.index) }
        default:
            break
        }
        return .none
    }

    // MARK: Layout

    /// A static layout: author and time, the text, the actions, the wheel, where you are.
    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        focusDrawn = focus
        let wide = area.width >= 72
        let roomy = area.height >= 14
        let gap = roomy ? 1 : 0
        var y = area.y
        // Under 72 columns the time stands at the row's end without its name (said, not shown), and the
        // author has the rest: "[Lucía Fernández @lucia]    11 h ago" at 40 columns, not "[Lucía Fernández…".
        // Wider, the author takes half the row, or what the time leaves it when it needs more.
        let marker = ControlChrome.markerWidth(context.theme)
        time.nameShown = true
        var half = area.width / 2
        let authorNeeds = (author.naturalWidth ?? 0) + marker
        if !wide || authorNeeds > half {
            if !wide || authorNeeds + (time.naturalWidth ?? 0) + marker > area.width { time.nameShown = false }
            half = max(half, area.width - (time.naturalWidth ?? 0) - marker)
        }
        // A name that fits without its handle is shown without it, not cut.
        author.showsShortTitle = author.shortTitle != nil && authorNeeds > half
        let authorRect = Rect(x: area.x, y: y, width: half, height: 1)
        let timeRect = Rect(x: area.x + half, y: y, width: area.width - half, height: 1)
        y += 1
        let textRows = roomy ? 4 : 2
        let textRect = Rect(x: area.x, y: y, width: area.width, height: textRows)
        y += textRows + gap
        // Three actions a row where they fit whole, else two ("[ ] Impulsar  [Responder]" in Spanish at 40
        // columns): a third row rather than cut titles.
        let widths = actionWidths(context)
        let columns = wide ? 6 : ActionRowLayout.fitsWhole(widths, columns: 3, width: area.width) ? 3 : 2
        let actionRows = (widths.count + columns - 1) / columns
        let actionRects = ActionRowLayout.rects(widths: widths, columns: columns,
                                                in: Rect(x: area.x, y: y, width: area.width, height: actionRows))
        y += actionRows + gap
        // The where-line wraps to a second row rather than being cut ("You are in Posts by Nora Lindqvist · 3
        // of 20" at 40 columns); the wheel gives that row up.
        // The screen-reader drawing shows the post's details and actions only while the focus is among them:
        // they change at every move in the list, and a screen reader would read them each time.
        let detailsShown = !context.theme.plain || (0..<(3 + actionRects.count)).contains(focus)
        if !detailsShown { y = area.y }
        let whereRows = min(2, whereLabel.preferredHeight(width: area.width), max(1, area.maxY - 1 - gap - y))
        let whereRect = Rect(x: area.x, y: area.maxY - whereRows, width: area.width, height: whereRows)
        let wheelRect = Rect(x: area.x, y: y, width: area.width, height: max(1, area.maxY - whereRows - gap - y))
        guard detailsShown else { return Array(repeating: Rect(x: area.x, y: area.y, width: 0, height: 0), count: 3 + actionRects.count) + [wheelRect, whereRect] }
        return [authorRect, timeRect, textRect] + actionRects + [wheelRect, whereRect]
    }
}
