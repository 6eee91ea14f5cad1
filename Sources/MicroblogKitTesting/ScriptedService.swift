import Foundation
import MicroblogKit

/// The one in-memory `TimelineService` of the tests and the benchmark: serves posts and notifications
/// the way Mastodon pages them, records every call with its page parameters and priority, and fails
/// or blocks when told to.
public final class ScriptedService: TimelineService, @unchecked Sendable {
    /// One call the service received.
    public enum Call: Hashable, Sendable {
        case timeline(String, PageRequest, RequestPriority)
        case notifications(PageRequest, RequestPriority)
        case publish(idempotencyKey: String)
        case markers
        case saveMarker(String, String, RequestPriority)
        case stream
        case other(String)
    }

    let lock = NSLock()
    /// Mutes, blocks, reports and follow requests (``ScriptedService+Safety``); guarded by `lock`.
    var safety = ScriptedSafety()
    /// List members, followed hashtags, the profile, pins, notes and trends (``ScriptedService+AccountTools``); guarded by `lock`.
    var tools = ScriptedAccountTools()
    private var _calls: [Call] = []
    private var timelines: [String: [Post]] = [:]
    private var _notifications: [MicroblogNotification] = []
    private var _markers: [String: ReadMarker] = [:]
    /// Posts made, by idempotency key (the server's dedup).
    private var published: [String: Post] = [:]
    private var nextPostId = 900_000
    /// Errors thrown by the next publish calls, in order.
    private var publishFailures: [MicroblogError] = []
    /// When set, every call except `stream` throws it (the network is down).
    private var outage: MicroblogError?
    /// Streams handed out, in order; nil entries mean "not supported".
    private var streamSupported = false
    private var streamContinuations: [AsyncThrowingStream<StreamEvent, any Error>.Continuation] = []
    private var publishGate: CheckedContinuation<Void, Never>?
    private var blockPublish = false
    private var blockedPublishes = 0
    private var releaseEarly = false
    private var info = InstanceInfo(domain: "scripted.test", title: "Scripted", version: "4.3.0")
    private var givenCapabilities: NetworkCapabilities?
    var user = Fixtures.account("1")
    var accounts: [String: Account] = [:]
    private var followersOf: [String: [Account]] = [:]
    private var timelineLimit = 20
    /// Answers timeline pages instead of the posts set here (the benchmark's posts on disk).
    private var pageSource: (@Sendable (String, PageRequest) -> Page<Post>)?
    private var notificationLimit = 15
    private var followersLimit: Int?
    private var searchCorpus = SearchResults()
    private var searchLimit = 20
    private var gate: (@Sendable () async -> Void)?
    var userLists: [UserList] = []
    private var savedFeeds: [CustomFeed] = []
    /// Files uploaded, by media id, in order.
    private var uploads: [(id: String, file: MediaFile)] = []
    private var scheduled: [ScheduledPost] = []
    /// Edited posts' versions and their latest state (``edit(postId:text:spoilerText:language:)``).
    private var versions: [String: [PostVersion]] = [:]
    private var edited: [String: Post] = [:]

    /// A service with no posts; the user is `Fixtures.account("1")` on `scripted.test`.
    public init() {}

    // MARK: Scripting

    /// What ``instance()`` answers.
    public func setInstance(_ instance: InstanceInfo) { lock.withLock { info = instance } }

    /// What ``capabilities`` answers from now on (a Bluesky-like network: ``NetworkCapabilities/bluesky``).
    public func setCapabilities(_ capabilities: NetworkCapabilities) { lock.withLock { givenCapabilities = capabilities } }

    /// What the network has: those set by ``setCapabilities(_:)``, else the instance's.
    public var capabilities: NetworkCapabilities { lock.withLock { givenCapabilities ?? info.capabilities } }

    /// Who ``currentAccount()`` says the user is.
    public func setCurrentAccount(_ account: Account) { lock.withLock { user = account } }

    /// Accounts ``account(id:)`` and ``lookup(acct:)`` find; others are not found.
    public func add(accounts added: [Account]) {
        lock.withLock { for account in added { accounts[account.id] = account } }
    }

    /// The followers ``followers(accountId:page:)`` lists for `accountId`, all on one page.
    public func setFollowers(_ followers: [Account], of accountId: String) { lock.withLock { followersOf[accountId] = followers } }

    /// What ``search(_:limit:offset:)`` finds for any query: of each kind, `pageSize` (or the request's
    /// limit) from the request's offset, as Mastodon's `/api/v2/search` pages.
    public func setSearchResults(_ results: SearchResults, pageSize: Int = 20) {
        lock.withLock { (searchCorpus, searchLimit) = (results, pageSize) }
    }

    /// The page sizes when a request names no limit: Mastodon's 20 posts and 15 notifications, and all
    /// followers at once, unless set here.
    /// Answers every timeline page with `source` (timeline key, request) instead of the posts set here:
    /// a server whose posts are not held in memory (the benchmark reads them from a cache on disk).
    public func answerPages(with source: @escaping @Sendable (String, PageRequest) -> Page<Post>) {
        lock.withLock { pageSource = source }
    }

    public func setPageSizes(timeline: Int, notifications: Int, followers: Int) {
        lock.withLock { (timelineLimit, notificationLimit, followersLimit) = (timeline, notifications, followers) }
    }

    /// Awaited before a page of posts is answered while any timeline holds posts (a page on its way
    /// while keys are pressed).
    public var pageGate: (@Sendable () async -> Void)? {
        get { lock.withLock { gate } }
        set { lock.withLock { gate = newValue } }
    }

    public var calls: [Call] { lock.withLock { _calls } }

    /// How many pages of posts, of notifications and of followers were asked for.
    public var timelineRequests: Int { count { if case .timeline = $0 { true } else { false } } }
    public var notificationRequests: Int { count { if case .notifications = $0 { true } else { false } } }
    public var followerRequests: Int { count { $0 == .other("followers") } }

    public var timelineCalls: [PageRequest] {
        calls.compactMap { if case .timeline(_, let page, _) = $0 { page } else { nil } }
    }

    public func count(where predicate: (Call) -> Bool) -> Int { calls.filter(predicate).count }

    public func resetCalls() { lock.withLock { _calls.removeAll() } }

    /// Adds posts to a timeline on the "server".
    public func add(_ posts: [Post], to timeline: String = "home") {
        lock.withLock { timelines[timeline, default: []].append(contentsOf: posts) }
    }

    /// Changes a post on the "server" (as another client's favourite would), wherever it is.
    public func replace(_ post: Post) {
        lock.withLock { timelines = timelines.mapValues { $0.map { $0.id == post.id ? post : $0 } } }
    }

    public func add(_ notifications: [MicroblogNotification]) {
        lock.withLock { _notifications.append(contentsOf: notifications) }
    }

    public func setMarker(_ timeline: String, _ marker: ReadMarker) {
        lock.withLock { _markers[timeline] = marker }
    }

    public func marker(_ timeline: String) -> ReadMarker? { lock.withLock { _markers[timeline] } }

    public func failPublish(with errors: [MicroblogError]) { lock.withLock { publishFailures = errors } }

    public func setOutage(_ error: MicroblogError?) { lock.withLock { outage = error } }

    public func offerStream(_ offered: Bool) { lock.withLock { streamSupported = offered } }

    /// The continuation of the latest stream handed out.
    public var latestStream: AsyncThrowingStream<StreamEvent, any Error>.Continuation? { lock.withLock { streamContinuations.last } }

    public var streamsOpened: Int { lock.withLock { streamContinuations.count } }

    /// Makes publish record the post on the server, then wait until ``releasePublish()``.
    public func holdPublishes() { lock.withLock { blockPublish = true } }

    public var publishesWaiting: Int { lock.withLock { blockedPublishes } }

    /// Lets the held publish answer (and later ones through).
    public func releasePublish() {
        let gate = lock.withLock {
            blockPublish = false
            let gate = publishGate
            publishGate = nil
            if gate == nil && blockedPublishes > 0 { releaseEarly = true }
            return gate
        }
        gate?.resume()
    }

    /// Lets later publishes through at once while the held one stays held (a process that died).
    public func stopHolding() { lock.withLock { blockPublish = false } }

    /// Posts the server holds, by idempotency key.
    public var publishedPosts: [String: Post] { lock.withLock { published } }

    func record(_ call: Call) throws {
        try lock.withLock {
            _calls.append(call)
            if let outage { throw outage }
        }
    }

    // MARK: TimelineService

    public func instance() async throws -> InstanceInfo {
        try record(.other("instance"))
        return lock.withLock { info }
    }

    public func currentAccount() async throws -> Account {
        try record(.other("currentAccount"))
        return lock.withLock { user }
    }

    public func timeline(_ kind: TimelineKind, page: PageRequest) async throws -> Page<Post> {
        try record(.timeline(kind.key, page, RequestPriority.current))
        if let source = lock.withLock({ pageSource }) { return source(kind.key, page) }
        if let gate = lock.withLock({ timelines.values.allSatisfy(\.isEmpty) ? nil : gate }) { await gate() }
        let (all, limit) = lock.withLock { (safety.shown(timelines[kind.key] ?? [], in: kind), timelineLimit) }
        return Self.page(all, page, id: \.id, defaultLimit: limit)
    }

    public func notifications(page: PageRequest, kinds: Set<NotificationKind>?) async throws -> Page<MicroblogNotification> {
        try record(.notifications(page, RequestPriority.current))
        let (all, limit) = lock.withLock { (_notifications, notificationLimit) }
        return Self.page(all, page, id: \.id, defaultLimit: limit)
    }

    /// A ``slice(_:_:id:defaultLimit:)`` with the request for the next older page while older items remain,
    /// and for the page just newer than it (as Mastodon's `prev` link names it) when it has items.
    static func page<T>(_ all: [T], _ page: PageRequest, id: KeyPath<T, String>, defaultLimit: Int) -> Page<T> {
        let items = slice(all, page, id: id, defaultLimit: defaultLimit)
        let newer = items.first.map { PageRequest.scripted(minId: $0[keyPath: id]) }
        guard page.parameter("min_id") == nil, let last = items.last?[keyPath: id], all.contains(where: { isNewer(last, than: $0[keyPath: id]) }) else {
            return Page(items: items, newer: newer)
        }
        return Page(items: items, older: .scripted(maxId: last), newer: newer)
    }

    /// Mastodon's paging: max_id/since_id give the newest matching first; min_id gives the ones
    /// immediately newer than it (still returned newest first).
    public static func slice<T>(_ all: [T], _ page: PageRequest, id: KeyPath<T, String>, defaultLimit: Int) -> [T] {
        var items = all.sorted { Self.isNewer($0[keyPath: id], than: $1[keyPath: id]) }
        if let maxId = page.parameter("max_id") { items = items.filter { Self.isNewer(maxId, than: $0[keyPath: id]) } }
        if let sinceId = page.parameter("since_id") { items = items.filter { Self.isNewer($0[keyPath: id], than: sinceId) } }
        let limit = page.limit ?? defaultLimit
        if let minId = page.parameter("min_id") {
            items = items.filter { Self.isNewer($0[keyPath: id], than: minId) }
            return Array(items.suffix(limit))
        }
        return Array(items.prefix(limit))
    }

    /// Mentions, direct messages, bookmarks and favourites page by cursors of their own, as on Mastodon.
    public func pageRequest(olderThan postId: String, in kind: TimelineKind) -> PageRequest? {
        switch kind {
        case .mentions, .direct, .bookmarks, .favourites: nil
        default: .scripted(maxId: postId)
        }
    }

    public func notificationsPageRequest(olderThan notificationId: String) -> PageRequest? {
        .scripted(maxId: notificationId)
    }

    public func readPosition(_ id: String, isPast other: String) -> Bool {
        Self.isNewer(id, than: other)
    }

    public func post(id: String) async throws -> Post {
        try record(.other("post"))
        guard let post = lock.withLock({ edited[id] ?? timelines.values.joined().first { $0.id == id } }) else { throw MicroblogError.notFound }
        return post
    }

    public func thread(id: String) async throws -> MicroblogKit.Thread {
        MicroblogKit.Thread(ancestors: [], post: try await post(id: id), descendants: [])
    }

    public func publish(_ post: NewPost) async throws -> Post {
        try record(.publish(idempotencyKey: post.idempotencyKey))
        if let failure = lock.withLock({ publishFailures.isEmpty ? nil : publishFailures.removeFirst() }) { throw failure }
        let made: Post = lock.withLock {
            if let existing = published[post.idempotencyKey] { return existing }
            nextPostId += 1
            var made = Fixtures.post(String(nextPostId), text: post.text)
            made.inReplyToId = post.inReplyToId
            made.media = post.attachments.compactMap { attachment in
                attachment.mediaId.map { MediaAttachment(id: $0, kind: .image, description: attachment.description) }
            }
            published[post.idempotencyKey] = made
            // The server's home holds the user's own posts, as Mastodon's does.
            timelines[TimelineKind.home.key, default: []].append(made)
            return made
        }
        let hold = lock.withLock {
            guard blockPublish else { return false }
            blockedPublishes += 1
            return true
        }
        if hold {
            await withCheckedContinuation { continuation in
                let resumeNow = lock.withLock {
                    if releaseEarly {
                        releaseEarly = false
                        return true
                    }
                    publishGate = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
        return made
    }

    /// Mastodon's id order: a longer id is newer; ids of one length compare as text.
    static func isNewer(_ id: String, than other: String) -> Bool {
        id.utf8.count != other.utf8.count ? id.utf8.count > other.utf8.count : id > other
    }

    @discardableResult
    public func delete(postId: String) async throws -> Post? {
        try record(.other("delete"))
        return lock.withLock { () -> Post? in
            let found = timelines.values.lazy.flatMap { $0 }.first { $0.id == postId }
            for key in timelines.keys { timelines[key]?.removeAll { $0.id == postId } }
            return found
        }
    }

    private func change(_ id: String, _ name: String, _ body: (inout Post) -> Void) throws -> Post {
        try record(.other(name))
        return try lock.withLock {
            for key in timelines.keys {
                if let index = timelines[key]?.firstIndex(where: { $0.id == id }) {
                    body(&timelines[key]![index])
                    return timelines[key]![index]
                }
            }
            throw MicroblogError.notFound
        }
    }

    public func setBoosted(_ boosted: Bool, postId: String) async throws -> Post {
        try change(postId, "boost") { $0.reblogged = boosted; $0.reblogsCount += boosted ? 1 : -1 }
    }

    public func setFavourited(_ favourited: Bool, postId: String) async throws -> Post {
        try change(postId, "favourite") { $0.favourited = favourited; $0.favouritesCount += favourited ? 1 : -1 }
    }

    public func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post {
        try change(postId, "bookmark") { $0.bookmarked = bookmarked }
    }

    public func vote(pollId: String, choices: [Int]) async throws -> Poll {
        try record(.other("vote"))
        return Poll(id: pollId, options: [.init(title: "yes", votesCount: 1), .init(title: "no", votesCount: 0)], voted: true, ownVotes: choices)
    }

    public func account(id: String) async throws -> Account {
        try record(.other("account"))
        guard let found = lock.withLock({ accounts[id] }) else { throw MicroblogError.notFound }
        return found
    }

    public func lookup(acct: String) async throws -> Account {
        try record(.other("lookup"))
        guard let found = lock.withLock({ accounts.values.first { $0.acct == acct } }) else { throw MicroblogError.notFound }
        return found
    }

    public func followers(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try record(.other("followers"))
        let (all, limit) = lock.withLock { (followersOf[accountId] ?? [], followersLimit) }
        guard let limit else { return Page(items: all) }
        // In the server's order, `limit` after `maxId`.
        let start = page.parameter("max_id").flatMap { id in all.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
        let items = Array(all[min(start, all.count)..<min(start + (page.limit ?? limit), all.count)])
        return Page(items: items, older: start + items.count < all.count ? .scripted(maxId: items.last?.id) : nil)
    }
    public func following(accountId: String, page: PageRequest) async throws -> Page<Account> { try record(.other("following")); return Page(items: []) }

    public func relationships(accountIds: [String]) async throws -> [Relationship] {
        try record(.other("relationships"))
        return lock.withLock { accountIds.map { tools.withNote(safety.relationship($0)) } }
    }

    public func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship {
        try record(.other("follow"))
        return Relationship(id: accountId, following: following)
    }

    /// Sets the lists ``lists()`` answers.
    public func setLists(_ lists: [UserList]) { lock.withLock { userLists = lists } }

    public func lists() async throws -> [UserList] {
        try record(.other("lists"))
        return lock.withLock { userLists }
    }

    /// Sets the saved custom feeds ``customFeeds()`` answers (a Bluesky-like network's).
    public func setCustomFeeds(_ feeds: [CustomFeed]) { lock.withLock { savedFeeds = feeds } }

    public func customFeeds() async throws -> [CustomFeed] {
        try record(.other("custom feeds"))
        return lock.withLock { savedFeeds }
    }

    /// A page of the search corpus (``setSearchResults``): `offset` skips that many of each kind.
    public func search(_ request: SearchRequest) async throws -> SearchResults {
        try record(.other(request.offset == 0 ? "search" : "search offset \(request.offset)"))
        let (corpus, pageSize) = lock.withLock { (searchCorpus, searchLimit) }
        let size = request.limit ?? pageSize
        func slice<T>(_ items: [T]) -> [T] { Array(items.dropFirst(request.offset).prefix(size)) }
        return SearchResults(accounts: slice(corpus.accounts), posts: slice(corpus.posts), hashtags: slice(corpus.hashtags))
    }

    public func markers() async throws -> [String: ReadMarker] {
        try record(.markers)
        return lock.withLock { _markers }
    }

    public func saveMarker(timeline: String, lastReadId: String) async throws {
        try record(.saveMarker(timeline, lastReadId, RequestPriority.current))
        lock.withLock {
            let version = (_markers[timeline]?.version ?? 0) + 1
            _markers[timeline] = ReadMarker(lastReadId: lastReadId, version: version)
        }
    }

    public func stream(_ kind: StreamKind) async throws -> AsyncThrowingStream<StreamEvent, any Error> {
        let (offered, down): (Bool, MicroblogError?) = lock.withLock {
            _calls.append(.stream)
            return (streamSupported, outage)
        }
        guard offered else { throw MicroblogError.notSupported(feature: "streaming") }
        if let down { throw down }
        let (stream, continuation) = AsyncThrowingStream<StreamEvent, any Error>.makeStream()
        lock.withLock { streamContinuations.append(continuation) }
        return stream
    }

    // MARK: Media and scheduled posts

    public func uploadMedia(_ file: MediaFile) async throws -> MediaAttachment {
        try record(.other("upload \(file.fileName)"))
        let id = lock.withLock { () -> String in
            let id = "m\(uploads.count + 1)"
            uploads.append((id, file))
            return id
        }
        return MediaAttachment(id: id, kind: .image, description: file.description)
    }

    public func describeMedia(id: String, description: String) async throws -> MediaAttachment {
        try record(.other("describe \(id)"))
        return try lock.withLock {
            guard let index = uploads.firstIndex(where: { $0.id == id }) else { throw MicroblogError.notFound }
            uploads[index].file.description = description
            return MediaAttachment(id: id, kind: .image, description: description)
        }
    }

    public func schedule(_ post: NewPost) async throws -> ScheduledPost {
        try record(.other("schedule"))
        guard let date = post.scheduledAt else { throw MicroblogError.rejected(status: 422, message: "Scheduled at is invalid") }
        return lock.withLock {
            nextPostId += 1
            let made = ScheduledPost(
                id: String(nextPostId), scheduledAt: date, text: post.text, spoilerText: post.spoilerText,
                mediaCount: post.attachments.count, pollOptions: post.pollOptions)
            scheduled.append(made)
            return made
        }
    }

    public func scheduledPosts() async throws -> [ScheduledPost] {
        try record(.other("scheduled"))
        return lock.withLock { scheduled.sorted { $0.scheduledAt < $1.scheduledAt } }
    }

    public func cancelScheduled(id: String) async throws {
        try record(.other("unschedule \(id)"))
        try lock.withLock {
            guard scheduled.contains(where: { $0.id == id }) else { throw MicroblogError.notFound }
            scheduled.removeAll { $0.id == id }
        }
    }

    /// The files uploaded so far, in order.
    public var uploadedFiles: [MediaFile] { lock.withLock { uploads.map(\.file) } }

    public func edit(postId: String, text: String, spoilerText: String, language: String?, mediaDescriptions: [String: String]) async throws -> Post {
        try record(.other("edit \(postId)"))
        var post = try await self.post(id: postId)
        let before = PostVersion(createdAt: post.editedAt ?? post.createdAt, content: post.content, spoilerText: post.spoilerText)
        post.content = .plain(text)
        post.spoilerText = spoilerText
        if let language { post.language = language }
        for index in post.media.indices { if let description = mediaDescriptions[post.media[index].id] { post.media[index].description = description } }
        post.editedAt = post.createdAt.addingTimeInterval(60 * Double(lock.withLock { versions[postId]?.count ?? 0 } + 1))
        let after = PostVersion(createdAt: post.editedAt ?? post.createdAt, content: post.content, spoilerText: post.spoilerText)
        lock.withLock {
            versions[postId, default: [before]].append(after)
            edited[postId] = post
        }
        return post
    }

    /// Keeps an edit made elsewhere (the memory engine's cache): the post before it (as the first
    /// version, when it is the first edit) and after it, for ``history(postId:)``.
    public func keepVersions(before: Post, after: Post) {
        lock.withLock {
            let first = PostVersion(createdAt: before.editedAt ?? before.createdAt, content: before.content, spoilerText: before.spoilerText)
            versions[after.id, default: [first]].append(
                PostVersion(createdAt: after.editedAt ?? after.createdAt, content: after.content, spoilerText: after.spoilerText))
        }
    }

    /// The versions kept of a post, oldest first; nil when it was never edited.
    public func keptVersions(_ postId: String) -> [PostVersion]? { lock.withLock { versions[postId] } }

    /// The versions of a post edited here, oldest first (the post alone when it was never edited).
    public func history(postId: String) async throws -> [PostVersion] {
        try record(.other("history \(postId)"))
        if let kept = lock.withLock({ versions[postId] }) { return kept }
        let post = try await self.post(id: postId)
        return [PostVersion(createdAt: post.createdAt, content: post.content, spoilerText: post.spoilerText)]
    }

    public func source(postId: String) async throws -> PostSource {
        try record(.other("source \(postId)"))
        let post = try await self.post(id: postId)
        return PostSource(text: post.content.source, spoilerText: post.spoilerText)
    }
}
