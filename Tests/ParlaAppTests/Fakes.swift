import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport

/// The fixed "now" of every scenario: 2026-03-01 12:00 UTC.
let testNow = Date(timeIntervalSince1970: 1_772_366_400)

func account(_ id: String, _ acct: String, _ name: String, posts: Int = 10, followers: Int = 5, following: Int = 3, note: String = "") -> Account {
    Account(id: id, acct: acct, username: acct, displayName: name, note: note, followersCount: followers, followingCount: following, postsCount: posts)
}

let ana = account("1", "ana", "Ana García", posts: 42, followers: 12, following: 7, note: "<p>Reads <b>poetry</b> aloud.</p>")
let ben = account("2", "ben@example.org", "Ben Jones")
let me = account("9", "me", "Me Myself")

func post(_ id: String, by author: Account, _ html: String, minutesAgo: Int, language: String? = "en", spoiler: String = "") -> Post {
    Post(id: id, createdAt: testNow.addingTimeInterval(Double(-60 * minutesAgo)), account: author, content: html, spoilerText: spoiler,
         language: language)
}

let homePosts = [
    post("103", by: ana, "<p>Good morning, everyone!</p>", minutesAgo: 5),
    post("102", by: ben, "<p>Hola, ¿qué tal?</p>", minutesAgo: 30, language: "es"),
    post("101", by: ana, "<p>The <a href=\"https://example.com/page\">example page</a> is up.</p>", minutesAgo: 120),
]

/// A timeline service that answers from fixed data (only what the screens call).
final class FakeService: TimelineService, @unchecked Sendable {
    let lock = NSLock()
    var accounts: [String: Account] = ["1": ana, "2": ben, "9": me]
    var followersOf: [String: [Account]] = ["1": [ben, me]]

    func instance() async throws -> InstanceInfo {
        InstanceInfo(domain: "parla.test", title: "Parla test", version: "4.3.0", maxCharacters: 500, maxMediaAttachments: 4, maxPollOptions: 4)
    }
    func currentAccount() async throws -> Account { me }
    /// The server's posts per timeline, newest first, served 40 a page older than `maxId` (none by default).
    var serverPosts: [String: [Post]] = [:]
    /// How many timeline pages were asked for.
    private(set) var timelineRequests = 0
    /// Awaited before a page of `serverPosts` is answered (a page on its way while keys are pressed).
    var pageGate: (@Sendable () async -> Void)?
    func timeline(_ kind: TimelineKind, page: PageRequest) async throws -> Page<Post> {
        if let gate = lock.withLock({ serverPosts.isEmpty ? nil : pageGate }) { await gate() }
        return lock.withLock {
            timelineRequests += 1
            let all = serverPosts[kind.key] ?? []
            let start = page.maxId.flatMap { id in all.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
            let items = Array(all[min(start, all.count)..<min(start + min(page.limit ?? 40, 40), all.count)])
            return Page(items: items, older: start + items.count < all.count ? PageRequest(maxId: items.last?.id) : nil)
        }
    }
    /// The server's notifications, newest first, served 40 a page older than `maxId` (none by default).
    var serverNotifications: [MicroblogNotification] = []
    /// How many pages of notifications were asked for.
    private(set) var notificationRequests = 0
    func notifications(page: PageRequest, kinds: Set<NotificationKind>?) async throws -> Page<MicroblogNotification> {
        lock.withLock {
            notificationRequests += 1
            let all = serverNotifications
            let start = page.maxId.flatMap { id in all.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
            let items = Array(all[min(start, all.count)..<min(start + 40, all.count)])
            return Page(items: items, older: start + items.count < all.count ? PageRequest(maxId: items.last?.id) : nil)
        }
    }
    func post(id: String) async throws -> Post { throw MicroblogError.notFound }
    func thread(id: String) async throws -> MicroblogKit.Thread { throw MicroblogError.notFound }
    func publish(_ post: NewPost) async throws -> Post { throw MicroblogError.notSupported(feature: "publish") }
    func delete(postId: String) async throws {}
    func setBoosted(_ boosted: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    func setFavourited(_ favourited: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    func vote(pollId: String, choices: [Int]) async throws -> Poll { throw MicroblogError.notFound }
    func account(id: String) async throws -> Account {
        guard let found = lock.withLock({ accounts[id] }) else { throw MicroblogError.notFound }
        return found
    }
    func lookup(acct: String) async throws -> Account { throw MicroblogError.notFound }
    /// How many pages of followers were asked for.
    private(set) var followerRequests = 0
    /// Followers 80 a page, older than `maxId`, with the link to the next page while more remain.
    func followers(accountId: String, page: PageRequest) async throws -> Page<Account> {
        lock.withLock {
            followerRequests += 1
            let all = followersOf[accountId] ?? []
            let start = page.maxId.flatMap { id in all.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
            let items = Array(all[min(start, all.count)..<min(start + 80, all.count)])
            return Page(items: items, older: start + items.count < all.count ? PageRequest(maxId: items.last?.id) : nil)
        }
    }
    func following(accountId: String, page: PageRequest) async throws -> Page<Account> { Page(items: []) }
    func relationships(accountIds: [String]) async throws -> [Relationship] { accountIds.map { Relationship(id: $0) } }
    func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship { Relationship(id: accountId, following: following) }
    func lists() async throws -> [UserList] { [] }
    func search(_ query: String, limit: Int?) async throws -> SearchResults { SearchResults() }
    func markers() async throws -> [String: ReadMarker] { [:] }
    func saveMarker(timeline: String, lastReadId: String) async throws {}
    func stream(_ kind: StreamKind) async throws -> AsyncThrowingStream<StreamEvent, any Error> {
        throw MicroblogError.notSupported(feature: "streaming")
    }
}

/// An in-memory account engine: scripted timelines, every call recorded.
final class FakeEngine: AccountEngine, @unchecked Sendable {
    let lock = NSLock()
    let fakeService = FakeService()
    private var timelines: [String: [Post]] = ["home": homePosts]
    private var fresh: [String: [Post]] = [:]
    private var positions: [String: String] = [:]
    private var drafts: [String: Draft] = [:]
    private var relationships: [String: Relationship] = [:]
    private(set) var calls: [String] = []
    private(set) var sent: [NewPost] = []
    var refreshError: MicroblogError?
    /// Whether a change to a post is told to the screens (`postUpdated`), as the engine does.
    var tellsChanges = true
    /// Called before `refreshError` is thrown; the refresh fails once it returns.
    var beforeRefreshFails: (@Sendable () async -> Void)?
    var digestValue = SinceYouLeft(newHome: 3, newMentions: 1, newDirect: 0, budgetRemaining: 280)
    private var continuations: [AsyncStream<EngineEvent>.Continuation] = []
    private var observers: [@Sendable (EngineEvent) -> Void] = []
    /// Whether the server is away, as the engine judges it: by the outcome of refreshes here.
    private var isOffline = false

    private func record(_ call: String) { lock.withLock { calls.append(call) } }

    /// Replaces the cached posts of `key`.
    func setCached(_ posts: [Post], in key: String) { lock.withLock { timelines[key] = posts } }

    /// Posts the next refresh of `key` brings.
    func willBring(_ posts: [Post], to key: String) { lock.withLock { fresh[key] = posts } }

    /// Adds posts to the cache, as streaming would, and says so.
    func arrive(_ posts: [Post], in key: String) {
        lock.withLock { timelines[key] = posts + (timelines[key] ?? []) }
        emit(.newPosts(timeline: key, count: posts.count))
    }

    func emit(_ event: EngineEvent) {
        if case .offline = event { lock.withLock { isOffline = true } }
        if case .online = event { lock.withLock { isOffline = false } }
        for continuation in lock.withLock({ continuations }) { continuation.yield(event) }
        for observer in lock.withLock({ observers }) { observer(event) }
    }

    var listening: Bool { lock.withLock { !continuations.isEmpty || !observers.isEmpty } }

    /// Says `offline` once after a transient failure and `online` once on the first success after it,
    /// as the engine does for every call (here: refreshes).
    private func reached(_ failure: MicroblogError?) {
        let wasOffline = lock.withLock { isOffline }
        if let failure, failure.isTransient, !wasOffline { emit(.offline(failure)) }
        if failure == nil, wasOffline { emit(.online) }
    }

    func cached(_ kind: TimelineKind) async -> [Post] { lock.withLock { timelines[kind.key] ?? [] } }
    func refresh(_ kind: TimelineKind) async throws -> RefreshResult {
        record("refresh \(kind.key)")
        if let refreshError {
            await beforeRefreshFails?()
            reached(refreshError)
            throw refreshError
        }
        reached(nil)
        let new = lock.withLock { () -> [Post] in
            let new = fresh.removeValue(forKey: kind.key) ?? []
            timelines[kind.key] = new + (timelines[kind.key] ?? [])
            return new
        }
        return RefreshResult(newCount: new.count, gap: false)
    }
    func loadOlder(_ kind: TimelineKind) async throws -> Int { 0 }
    var notificationsValue: [MicroblogNotification] = []
    func cachedNotifications() async -> [MicroblogNotification] { notificationsValue }
    func refreshNotifications() async throws -> Int { 0 }
    func readPosition(_ kind: TimelineKind) async -> String? { lock.withLock { positions[kind.key] } }
    func markRead(_ kind: TimelineKind, postId: String) async { lock.withLock { positions[kind.key] = postId } }
    func markNotificationsRead(upTo id: String) async { record("notifications read \(id)") }
    func setReadPosition(_ id: String, in key: String) { lock.withLock { positions[key] = id } }
    func digest() async -> SinceYouLeft { digestValue }
    func setBoosted(_ boosted: Bool, postId: String) async throws -> Post {
        record("boost \(postId) \(boosted)")
        guard var found = lock.withLock({ timelines.values.joined().first { $0.id == postId } }) else { throw MicroblogError.notFound }
        found.reblogged = boosted
        if tellsChanges { emit(.postUpdated(found)) }
        return found
    }
    /// Favourites in the cache and tells the screens, as the engine does.
    func setFavourited(_ favourited: Bool, postId: String) async throws -> Post {
        record("favourite \(postId) \(favourited)")
        let changed = try lock.withLock { () throws -> Post in
            guard var found = timelines.values.joined().first(where: { $0.id == postId }) else { throw MicroblogError.notFound }
            found.favourited = favourited
            found.favouritesCount += favourited ? 1 : -1
            for (key, posts) in timelines { timelines[key] = posts.map { $0.id == postId ? found : $0 } }
            return found
        }
        if tellsChanges { emit(.postUpdated(changed)) }
        return changed
    }
    func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    func delete(postId: String) async throws {
        record("delete \(postId)")
        lock.withLock { for (key, posts) in timelines { timelines[key] = posts.filter { $0.id != postId } } }
        if tellsChanges { emit(.postDeleted(id: postId)) }
    }
    func thread(id: String) async throws -> MicroblogKit.Thread { throw MicroblogError.notFound }
    func vote(pollId: String, choices: [Int]) async throws -> Poll { throw MicroblogError.notFound }
    func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship {
        record("follow \(accountId) \(following)")
        let relationship = Relationship(id: accountId, following: following)
        lock.withLock { relationships[accountId] = relationship }
        return relationship
    }
    func relationship(accountId: String) async throws -> Relationship {
        lock.withLock { relationships[accountId] ?? Relationship(id: accountId, followedBy: true) }
    }
    func page(_ kind: TimelineKind, _ page: PageRequest) async throws -> Page<Post> { try await fakeService.timeline(kind, page: page) }
    func notificationsPage(_ page: PageRequest) async throws -> Page<MicroblogNotification> {
        try await fakeService.notifications(page: page, kinds: nil)
    }
    func post(id: String) async throws -> Post { try await fakeService.post(id: id) }
    func account(id: String) async throws -> Account { try await fakeService.account(id: id) }
    func lookup(acct: String) async throws -> Account { try await fakeService.lookup(acct: acct) }
    func followers(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await fakeService.followers(accountId: accountId, page: page)
    }
    func following(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await fakeService.following(accountId: accountId, page: page)
    }
    func relationships(accountIds: [String]) async throws -> [Relationship] { try await fakeService.relationships(accountIds: accountIds) }
    func lists() async throws -> [UserList] { try await fakeService.lists() }
    func search(_ query: String, limit: Int?) async throws -> SearchResults { try await fakeService.search(query, limit: limit) }
    func instance() async throws -> InstanceInfo { try await fakeService.instance() }
    func me() async throws -> Account { try await fakeService.currentAccount() }
    func send(_ post: NewPost) async -> OutboxItem {
        record("send")
        lock.withLock { sent.append(post) }
        return OutboxItem(id: "outbox-1", post: post, state: .queued, createdAt: testNow)
    }
    func outbox() async -> [OutboxItem] { [] }
    func retry(outboxId: String) async {}
    func discard(outboxId: String) async {}
    func saveDraft(_ draft: Draft) async { lock.withLock { drafts[draft.key] = draft } }
    func draft(key: String) async -> Draft? { lock.withLock { drafts[key] } }
    func removeDraft(key: String) async {
        record("remove draft \(key)")
        lock.withLock { drafts[key] = nil }
    }
    func flushDrafts() async { record("flush drafts") }
    var savedDrafts: [String: Draft] { lock.withLock { drafts } }
    func events() async -> AsyncStream<EngineEvent> {
        let (stream, continuation) = AsyncStream<EngineEvent>.makeStream()
        lock.withLock { continuations.append(continuation) }
        return stream
    }
    func observe(_ observer: @escaping @Sendable (EngineEvent) -> Void) {
        lock.withLock { observers.append(observer) }
    }
    func startLive() async { record("start live") }
    func stop() async { record("stop") }
}

/// The speech queue's settings as the app set them.
final class RecordingSpeechControl: SpeechControl {
    var settings = SpeechSettings()
}

/// One app on a memory terminal with recorded speech and a manual clock.
final class AppHarness {
    let terminal: MemoryTerminal
    let speech = RecordingSpeechOutput()
    let control = RecordingSpeechControl()
    let clock = ManualClock()
    let engine: FakeEngine
    let store: MemoryAppSettingsStore
    let app: ParlaApplication

    init(size: Size = Size(width: 80, height: 24), engine: FakeEngine = FakeEngine(), settings: AppSettings? = nil,
         configDirectory: URL? = nil, speakupPath: String = "/nonexistent/speakup/synth", language: Language = .english,
         startNotices: [String] = []) throws {
        terminal = MemoryTerminal(size: size)
        self.engine = engine
        var initial = settings ?? AppSettings()
        if settings == nil { initial.language = language }
        store = MemoryAppSettingsStore(initial)
        app = try ParlaApplication(AppConfiguration(
            backend: terminal, speech: speech, speechControl: control, clock: clock, wallClock: { testNow },
            localizer: TestLocalization.localizer(language), settingsStore: store, configDirectory: configDirectory,
            accounts: AccountDirectory(engines: ["main": engine]), colorAllowed: true, ascii: true,
            speakupSynthPath: speakupPath, startNotices: startNotices))
    }

    /// Prepares and starts the app, and lets the first refresh finish.
    func open() async {
        await app.prepare()
        app.start()
        await app.settle()
    }

    func press(_ keys: Key...) async {
        for key in keys {
            app.handle(key)
            await app.settle()
        }
    }

    var texts: [String] { speech.texts }
    var lines: [String] { terminal.lastFrame?.grid.lines ?? [] }
    var cursor: Point? { terminal.lastFrame?.cursor }
    var utterances: [Utterance] {
        speech.events.compactMap { if case .say(let u) = $0 { return u } else { return nil } }
    }
}
