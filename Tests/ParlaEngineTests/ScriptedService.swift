import Foundation
import MicroblogKit
@testable import ParlaEngine

/// A `TimelineService` that serves posts and notifications from memory the way Mastodon pages them,
/// records every call with its page parameters and priority, and fails or blocks when told to.
final class ScriptedService: TimelineService, @unchecked Sendable {
    enum Call: Hashable, Sendable {
        case timeline(String, PageRequest, RequestPriority)
        case notifications(PageRequest, RequestPriority)
        case publish(idempotencyKey: String)
        case markers
        case saveMarker(String, String, RequestPriority)
        case stream
        case other(String)
    }

    private let lock = NSLock()
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

    // MARK: Scripting

    var calls: [Call] { lock.withLock { _calls } }

    var timelineCalls: [PageRequest] {
        calls.compactMap { if case .timeline(_, let page, _) = $0 { page } else { nil } }
    }

    func count(where predicate: (Call) -> Bool) -> Int { calls.filter(predicate).count }

    func resetCalls() { lock.withLock { _calls.removeAll() } }

    /// Adds posts to a timeline on the "server".
    func add(_ posts: [Post], to timeline: String = "home") {
        lock.withLock { timelines[timeline, default: []].append(contentsOf: posts) }
    }

    /// Changes a post on the "server" (as another client's favourite would), wherever it is.
    func replace(_ post: Post) {
        lock.withLock { timelines = timelines.mapValues { $0.map { $0.id == post.id ? post : $0 } } }
    }

    func add(_ notifications: [MicroblogNotification]) {
        lock.withLock { _notifications.append(contentsOf: notifications) }
    }

    func setMarker(_ timeline: String, _ marker: ReadMarker) {
        lock.withLock { _markers[timeline] = marker }
    }

    func marker(_ timeline: String) -> ReadMarker? { lock.withLock { _markers[timeline] } }

    func failPublish(with errors: [MicroblogError]) { lock.withLock { publishFailures = errors } }

    func setOutage(_ error: MicroblogError?) { lock.withLock { outage = error } }

    func offerStream(_ offered: Bool) { lock.withLock { streamSupported = offered } }

    /// The continuation of the latest stream handed out.
    var latestStream: AsyncThrowingStream<StreamEvent, any Error>.Continuation? { lock.withLock { streamContinuations.last } }

    var streamsOpened: Int { lock.withLock { streamContinuations.count } }

    /// Makes publish record the post on the server, then wait until ``releasePublish()``.
    func holdPublishes() { lock.withLock { blockPublish = true } }

    var publishesWaiting: Int { lock.withLock { blockedPublishes } }

    /// Lets the held publish answer (and later ones through).
    func releasePublish() {
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
    func stopHolding() { lock.withLock { blockPublish = false } }

    /// Posts the server holds, by idempotency key.
    var publishedPosts: [String: Post] { lock.withLock { published } }

    private func record(_ call: Call) throws {
        try lock.withLock {
            _calls.append(call)
            if let outage { throw outage }
        }
    }

    // MARK: TimelineService

    func instance() async throws -> InstanceInfo {
        try record(.other("instance"))
        return InstanceInfo(domain: "scripted.test", title: "Scripted", version: "4.3.0")
    }

    func currentAccount() async throws -> Account {
        try record(.other("currentAccount"))
        return Fixtures.account("1")
    }

    func timeline(_ kind: TimelineKind, page: PageRequest) async throws -> Page<Post> {
        try record(.timeline(kind.key, page, RequestPriority.current))
        let all = lock.withLock { timelines[kind.key] ?? [] }
        return Page(items: Self.slice(all, page, id: \.id, defaultLimit: 20))
    }

    func notifications(page: PageRequest, kinds: Set<NotificationKind>?) async throws -> Page<MicroblogNotification> {
        try record(.notifications(page, RequestPriority.current))
        let all = lock.withLock { _notifications }
        return Page(items: Self.slice(all, page, id: \.id, defaultLimit: 15))
    }

    /// Mastodon's paging: max_id/since_id give the newest matching first; min_id gives the ones
    /// immediately newer than it (still returned newest first).
    static func slice<T>(_ all: [T], _ page: PageRequest, id: KeyPath<T, String>, defaultLimit: Int) -> [T] {
        var items = all.sorted { ServerID.isNewer($0[keyPath: id], than: $1[keyPath: id]) }
        if let maxId = page.maxId { items = items.filter { ServerID.isNewer(maxId, than: $0[keyPath: id]) } }
        if let sinceId = page.sinceId { items = items.filter { ServerID.isNewer($0[keyPath: id], than: sinceId) } }
        let limit = page.limit ?? defaultLimit
        if let minId = page.minId {
            items = items.filter { ServerID.isNewer($0[keyPath: id], than: minId) }
            return Array(items.suffix(limit))
        }
        return Array(items.prefix(limit))
    }

    func post(id: String) async throws -> Post {
        try record(.other("post"))
        guard let post = lock.withLock({ timelines.values.joined().first { $0.id == id } }) else { throw MicroblogError.notFound }
        return post
    }

    func thread(id: String) async throws -> MicroblogKit.Thread {
        MicroblogKit.Thread(ancestors: [], post: try await post(id: id), descendants: [])
    }

    func publish(_ post: NewPost) async throws -> Post {
        try record(.publish(idempotencyKey: post.idempotencyKey))
        if let failure = lock.withLock({ publishFailures.isEmpty ? nil : publishFailures.removeFirst() }) { throw failure }
        let made: Post = lock.withLock {
            if let existing = published[post.idempotencyKey] { return existing }
            nextPostId += 1
            let made = Fixtures.post(String(nextPostId), text: post.text)
            published[post.idempotencyKey] = made
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

    func delete(postId: String) async throws {
        try record(.other("delete"))
        lock.withLock {
            for key in timelines.keys { timelines[key]?.removeAll { $0.id == postId } }
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

    func setBoosted(_ boosted: Bool, postId: String) async throws -> Post {
        try change(postId, "boost") { $0.reblogged = boosted; $0.reblogsCount += boosted ? 1 : -1 }
    }

    func setFavourited(_ favourited: Bool, postId: String) async throws -> Post {
        try change(postId, "favourite") { $0.favourited = favourited; $0.favouritesCount += favourited ? 1 : -1 }
    }

    func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post {
        try change(postId, "bookmark") { $0.bookmarked = bookmarked }
    }

    func vote(pollId: String, choices: [Int]) async throws -> Poll {
        try record(.other("vote"))
        return Poll(id: pollId, options: [.init(title: "yes", votesCount: 1), .init(title: "no", votesCount: 0)], voted: true, ownVotes: choices)
    }

    func account(id: String) async throws -> Account { try record(.other("account")); return Fixtures.account(id) }
    func lookup(acct: String) async throws -> Account { try record(.other("lookup")); return Fixtures.account("2") }
    func followers(accountId: String, page: PageRequest) async throws -> Page<Account> { try record(.other("followers")); return Page(items: []) }
    func following(accountId: String, page: PageRequest) async throws -> Page<Account> { try record(.other("following")); return Page(items: []) }

    func relationships(accountIds: [String]) async throws -> [Relationship] {
        try record(.other("relationships"))
        return accountIds.map { Relationship(id: $0) }
    }

    func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship {
        try record(.other("follow"))
        return Relationship(id: accountId, following: following)
    }

    func lists() async throws -> [UserList] { try record(.other("lists")); return [] }
    func search(_ query: String, limit: Int?) async throws -> SearchResults { try record(.other("search")); return SearchResults() }

    func markers() async throws -> [String: ReadMarker] {
        try record(.markers)
        return lock.withLock { _markers }
    }

    func saveMarker(timeline: String, lastReadId: String) async throws {
        try record(.saveMarker(timeline, lastReadId, RequestPriority.current))
        lock.withLock {
            let version = (_markers[timeline]?.version ?? 0) + 1
            _markers[timeline] = ReadMarker(lastReadId: lastReadId, version: version)
        }
    }

    func stream(_ kind: StreamKind) async throws -> AsyncThrowingStream<StreamEvent, any Error> {
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
}

/// Posts, accounts and notifications for tests.
enum Fixtures {
    static func account(_ id: String) -> Account {
        Account(id: id, acct: "user\(id)", username: "user\(id)", displayName: "User \(id)")
    }

    static func post(_ id: String, text: String? = nil, visibility: Visibility = .public, author: String = "2") -> Post {
        Post(id: id, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + (Double(id) ?? 0)), account: account(author),
             content: "<p>\(text ?? "post \(id)")</p>", visibility: visibility)
    }

    /// Posts with ids `range` (numeric).
    static func posts(_ range: ClosedRange<Int>) -> [Post] { range.map { post(String($0)) } }

    static func notification(_ id: String, kind: NotificationKind, post: Post? = nil, from author: String = "3") -> MicroblogNotification {
        MicroblogNotification(id: id, kind: kind, createdAt: Date(timeIntervalSince1970: 1_700_000_000), account: account(author), post: post)
    }
}

/// Waits (briefly, for other tasks to run) until `condition` holds; false after about five seconds.
func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<5_000 {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}

/// A fresh temporary folder for one test.
func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parla-engine-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
