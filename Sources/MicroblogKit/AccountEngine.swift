import Foundation
import ParlaBase

/// What the engine tells the screens while it runs.
public enum EngineEvent: Sendable, Hashable {
    /// New posts arrived on a timeline (coalesced: one event per batch); `timeline` is a `TimelineKind.key`.
    case newPosts(timeline: String, count: Int)
    /// A new notification; `urgent` for mentions and direct messages (which may be read at once).
    case notification(MicroblogNotification, urgent: Bool)
    /// A post changed (boosted, favourited, edited, poll voted).
    case postUpdated(Post)
    /// A post was deleted.
    case postDeleted(id: String)
    /// A queued post was published.
    case postSent(outboxId: String, post: Post)
    /// A post stays queued and will be retried; the reason is transient.
    case postQueued(outboxId: String, reason: MicroblogError)
    /// A post cannot be sent as it is (the server refused it); it is kept in the outbox.
    case postFailed(outboxId: String, reason: MicroblogError)
    /// The server cannot be reached: a call or live updates failed with a transient error. Emitted once
    /// when it happens, not on every failure after; the engine is the only one who says so.
    case offline(MicroblogError)
    /// The server answers again: the first call or poll that succeeded after `offline`.
    case online
    /// A draft could not be written to disk (full, read-only); it stays in memory and is tried again.
    case draftNotSaved(MicroblogError)
    /// The engine found posts missing between newer and older ones on a timeline (after being offline or
    /// a broken stream) and fetched them: `count` posts; `complete` when nothing is missing any more.
    case gapFilled(timeline: String, count: Int, complete: Bool)
    /// A queued post's file is being uploaded: `number` of `count`.
    case uploading(outboxId: String, fileName: String, number: Int, count: Int)
    /// A reminder was kept or forgotten (the app reads them again).
    case remindersChanged
}

extension AccountEngine {
    /// The first page of accounts, posts and hashtags matching `query`.
    public func search(_ query: String, limit: Int?) async throws -> SearchResults {
        try await search(SearchRequest(query: query, limit: limit))
    }
}

/// The "since you left" digest said when Parla opens.
public struct SinceYouLeft: Sendable, Hashable, Codable {
    /// New posts in home after the read position.
    public var newHome: Int
    public var newMentions: Int
    public var newDirect: Int
    /// Calls left in the rate-limit window, when known.
    public var budgetRemaining: Int?
    public var budgetResetAt: Date?
    /// Calls allowed per window, when known.
    public var budgetLimit: Int?

    public init(
        newHome: Int, newMentions: Int, newDirect: Int, budgetRemaining: Int? = nil, budgetResetAt: Date? = nil,
        budgetLimit: Int? = nil
    ) {
        self.newHome = newHome
        self.newMentions = newMentions
        self.newDirect = newDirect
        self.budgetRemaining = budgetRemaining
        self.budgetResetAt = budgetResetAt
        self.budgetLimit = budgetLimit
    }

    /// Whether anything arrived while Parla was closed.
    public var hasNews: Bool { newHome > 0 || newMentions > 0 || newDirect > 0 }

    /// Whether the calls left are worth saying at start: a quarter of the window or fewer.
    public var budgetIsLow: Bool {
        guard let remaining = budgetRemaining, let limit = budgetLimit, limit > 0 else { return false }
        return remaining * 4 <= limit
    }

    /// The digest as shown: "Since you left: 12 new posts in home, 1 mention." (only counts above zero, in
    /// singular or plural), or "Nothing new since you left.", then the budget sentence when it is low.
    public func summary(_ localizer: Localizer, timeZone: TimeZone = .current) -> String {
        var parts: [String] = []
        func add(_ count: Int, _ key: String) {
            guard count > 0 else { return }
            parts.append(localizer.plural("engine.digest.\(key)", count: count))
        }
        add(newHome, "home")
        add(newMentions, "mentions")
        add(newDirect, "direct")
        var text = parts.isEmpty
            ? localizer.string("engine.digest.nothing")
            : localizer.string("engine.digest.intro", ["list": parts.joined(separator: localizer.string("engine.digest.separator"))])
        if budgetIsLow, let remaining = budgetRemaining {
            text += " " + (budgetResetAt.map {
                localizer.string("engine.digest.budget", ["count": String(remaining), "time": MicroblogError.clockTime($0, timeZone: timeZone)])
            } ?? localizer.string("engine.budget.left", ["count": String(remaining)]))
        }
        return text
    }

    /// The digest as said at start: the summary when something is new or the budget is low; nil otherwise,
    /// so that an unchanged timeline starts with its post and nothing before it.
    public func spoken(_ localizer: Localizer, timeZone: TimeZone = .current) -> String? {
        hasNews || budgetIsLow ? summary(localizer, timeZone: timeZone) : nil
    }
}

/// What a refresh brought.
public struct RefreshResult: Sendable, Hashable {
    /// Posts that were not in the cache.
    public var newCount: Int
    /// Whether a gap remains between the new posts and the cached ones.
    public var gap: Bool

    public init(newCount: Int, gap: Bool) {
        self.newCount = newCount
        self.gap = gap
    }
}

/// A post being written, saved as it is typed.
public struct Draft: Codable, Sendable, Hashable {
    /// Which draft: `new`, or `reply:<post id>`, or `dm:<acct>`.
    public var key: String
    public var text: String
    public var spoilerText: String
    public var visibility: Visibility
    public var language: String?
    public var inReplyToId: String?
    public var updatedAt: Date
    /// A redraft's files the server kept, with their descriptions as last written (attached again by id).
    public var media: [MediaAttachment]

    public init(
        key: String, text: String, spoilerText: String = "", visibility: Visibility = .public, language: String? = nil,
        inReplyToId: String? = nil, updatedAt: Date, media: [MediaAttachment] = []
    ) {
        self.key = key
        self.text = text
        self.spoilerText = spoilerText
        self.visibility = visibility
        self.language = language
        self.inReplyToId = inReplyToId
        self.updatedAt = updatedAt
        self.media = media
    }

    private enum CodingKeys: String, CodingKey { case key, text, spoilerText, visibility, language, inReplyToId, updatedAt, media }

    /// Reads a draft as the store keeps it (those kept before redrafts kept files have none).
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            key: try values.decode(String.self, forKey: .key), text: try values.decode(String.self, forKey: .text),
            spoilerText: try values.decode(String.self, forKey: .spoilerText), visibility: try values.decode(Visibility.self, forKey: .visibility),
            language: try values.decodeIfPresent(String.self, forKey: .language),
            inReplyToId: try values.decodeIfPresent(String.self, forKey: .inReplyToId), updatedAt: try values.decode(Date.self, forKey: .updatedAt),
            media: try values.decodeIfPresent([MediaAttachment].self, forKey: .media) ?? [])
    }
}

/// A post waiting in the outbox.
public struct OutboxItem: Sendable, Hashable, Identifiable {
    public enum State: String, Sendable, Hashable, Codable {
        /// Waiting to be sent (again).
        case queued
        /// Being sent now (or when the process died).
        case sending
        /// Refused by the server; kept for the user to edit, resend or discard.
        case failed
        /// Sent, but the server's answer could not be read: it may be published. Not sent again by itself;
        /// sending it again is safe, as its idempotency key makes the server answer with the post it made.
        case unconfirmed
    }

    public var id: String
    public var post: NewPost
    public var state: State
    public var attempts: Int
    /// The last error, when there was one.
    public var lastError: MicroblogError?
    public var createdAt: Date

    public init(id: String, post: NewPost, state: State, attempts: Int = 0, lastError: MicroblogError? = nil, createdAt: Date) {
        self.id = id
        self.post = post
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.createdAt = createdAt
    }
}

/// One account's engine as the screens and line mode see it: the cache first, the network behind,
/// the outbox and drafts so nothing written is lost. Implemented by `ParlaEngine.Engine`.
///
/// It is the only way to the server: every call that changes something updates the cache and emits the
/// event the screens listen to, so what line mode and the screens show agrees with the cache. It is
/// also the only judge of whether the server can be reached: every call's outcome says so (`offline`
/// once after a transient failure, `online` once on the first success after it). The safety tools
/// (``SafetyService``) are reached the same way: each answers only after the server did, and a mute or
/// block takes the account's posts out of the cached timelines at once (`postDeleted` for each).
public protocol AccountEngine: SafetyService, PostEditing, AccountToolsService {
    /// What the account's network has (its service's ``TimelineService/capabilities``), at once: the
    /// screens bind keys, and line mode takes commands, only for what is here.
    var capabilities: NetworkCapabilities { get }
    /// Runs one call of the account's service as the engine runs every call: its outcome says whether the
    /// server can be reached (`offline` once, `online` once). The calls that only pass through are written
    /// with it once for every engine (``AccountEngine+Serving``).
    func serve<T: Sendable>(_ call: @Sendable (any TimelineService) async throws -> T) async throws -> T

    /// What the cache holds for a timeline, newest first, at once.
    func cached(_ kind: TimelineKind) async -> [Post]
    /// Fetches what is newer than the cache.
    func refresh(_ kind: TimelineKind) async throws -> RefreshResult
    /// Fetches the page older than the oldest cached post; returns how many came.
    func loadOlder(_ kind: TimelineKind) async throws -> Int
    /// Cached notifications, newest first.
    func cachedNotifications() async -> [MicroblogNotification]
    /// Fetches newer notifications; returns how many came.
    func refreshNotifications() async throws -> Int

    /// The id of the post the user was on in a timeline, where it opens again (for home, older or newer
    /// than the server's marker, which keeps the newest read).
    func readPosition(_ kind: TimelineKind) async -> String?
    /// Saves the reading position (locally at once, to the server's markers soon after); home's
    /// server marker only moves forward while the place the user is on is kept beside it, the others
    /// are where the user left them; reading a mention also moves the notifications' position to it.
    func markRead(_ kind: TimelineKind, postId: String) async
    /// The id of the notification the user was on (the server's marker when it read further elsewhere).
    func notificationsReadPosition() async -> String?
    /// Saves the notifications read position (it only moves forward).
    func markNotificationsRead(upTo id: String) async
    /// The timelines open when Parla last ran, and the one the user was on (nil when never saved).
    func openTimelines() async -> OpenTimelines?
    /// Keeps which timelines are open and the one the user is on, with the read positions.
    func saveOpenTimelines(_ timelines: OpenTimelines) async
    /// New posts, mentions and direct messages since the read positions.
    func digest() async -> SinceYouLeft
    /// The general rate-limit bucket now (calls left, when it resets, what waits); nil when the
    /// engine has no budget to tell.
    func budget() async -> BudgetSnapshot?
    /// Forgets a wait the server asked for (the user chose to try now rather than wait until its date);
    /// the next answer teaches the budget again.
    func forgetBudgetWait() async

    /// A page of a timeline from the server, for reading further than the cache (line mode's pages);
    /// cached copies of its posts are brought up to date.
    func page(_ kind: TimelineKind, _ page: PageRequest) async throws -> Page<Post>
    /// A page of notifications from the server (all kinds).
    func notificationsPage(_ page: PageRequest) async throws -> Page<MicroblogNotification>
    /// The network's request for the page just older than a post of a timeline, when it pages that timeline
    /// by its posts; nil when only the cursors of its pages lead on.
    func pageRequest(olderThan postId: String, in kind: TimelineKind) async -> PageRequest?
    /// The network's request for the notifications just older than one, when it pages them by their ids.
    func notificationsPageRequest(olderThan notificationId: String) async -> PageRequest?
    /// One post as it is now; its cached copies are brought up to date.
    func post(id: String) async throws -> Post
    /// One account by id, as it is now.
    func account(id: String) async throws -> Account
    /// One account by `user` or `user@server`.
    func lookup(acct: String) async throws -> Account
    /// Who follows the account.
    func followers(accountId: String, page: PageRequest) async throws -> Page<Account>
    /// Whom the account follows.
    func following(accountId: String, page: PageRequest) async throws -> Page<Account>
    /// The user's relationships with these accounts (remembered, as ``relationship(accountId:)``'s are).
    func relationships(accountIds: [String]) async throws -> [Relationship]
    /// The user's lists.
    func lists() async throws -> [UserList]
    /// One page of accounts, posts or hashtags matching a query (the first page of all three when the
    /// request names no kind); ``SearchRequest/next(after:kind:pageSize:)`` makes the next page's request.
    func search(_ request: SearchRequest) async throws -> SearchResults

    /// Boosts or unboosts; the cached post is updated and `postUpdated` emitted.
    func setBoosted(_ boosted: Bool, postId: String) async throws -> Post
    /// Favourites or unfavourites; the cached post is updated and `postUpdated` emitted.
    func setFavourited(_ favourited: Bool, postId: String) async throws -> Post
    /// Bookmarks or removes the bookmark; the cached post is updated and `postUpdated` emitted.
    func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post
    /// Deletes one of the user's posts; it leaves the cache and `postDeleted` is emitted. Answers the post as the
    /// server gave it back (with the attachments a redraft may attach again), or nil.
    @discardableResult
    func delete(postId: String) async throws -> Post?
    /// A post with its ancestors and replies; cached copies are brought up to date.
    func thread(id: String) async throws -> Thread
    /// Votes in a poll; the cached posts that carry it are updated and `postUpdated` emitted for each.
    func vote(pollId: String, choices: [Int]) async throws -> Poll
    /// Follows or unfollows; the relationship is remembered.
    func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship
    func relationship(accountId: String) async throws -> Relationship
    /// The server's limits (cached after the first call).
    func instance() async throws -> InstanceInfo
    /// The signed-in user (cached after the first call); their own posts pushed by the stream are not
    /// counted as new.
    func me() async throws -> Account

    /// Queues a post and starts sending it; it is sent exactly once, never lost.
    @discardableResult
    func send(_ post: NewPost) async -> OutboxItem
    /// Uploads a post's files and hands it to the server to publish at its ``NewPost/scheduledAt``.
    func schedule(_ post: NewPost) async throws -> ScheduledPost
    /// The user's scheduled posts, soonest first.
    func scheduledPosts() async throws -> [ScheduledPost]
    /// Cancels a scheduled post.
    func cancelScheduled(id: String) async throws
    /// The reminders not said yet, soonest first.
    func reminders() async -> [Reminder]
    /// Keeps a reminder.
    func addReminder(_ reminder: Reminder) async throws
    /// Forgets a reminder (said or cancelled); false when there was none with that id.
    @discardableResult
    func removeReminder(id: String) async throws -> Bool
    /// Everything waiting or refused.
    func outbox() async -> [OutboxItem]
    /// Tries a queued or failed item again now.
    func retry(outboxId: String) async
    /// Removes an item the user gave up on.
    func discard(outboxId: String) async

    /// Saves a draft (debounced to at most a second after the last change).
    func saveDraft(_ draft: Draft) async
    /// The saved draft for a key.
    func draft(key: String) async -> Draft?
    /// Every saved draft, the most recently changed first.
    func allDrafts() async -> [Draft]
    /// Removes a draft (after it was sent or discarded).
    func removeDraft(key: String) async
    /// Writes pending drafts now (on quit).
    func flushDrafts() async

    /// Events for the screens; each call returns a new stream.
    func events() async -> AsyncStream<EngineEvent>
    /// Hands every event from now on to `observer`, on the task that emits it: an event a call causes
    /// (going offline, back online, a post changed) is handed over before that call returns, so whoever
    /// queues events and results in one place hears them in the order they happened.
    func observe(_ observer: @escaping @Sendable (EngineEvent) -> Void)
    /// Starts streaming (or polling where the server has no streaming).
    func startLive() async
    /// Stops live updates and background work; flushes drafts.
    func stop() async
}

extension AccountEngine {
    /// Accounts, posts and hashtags matching `query`; `offset` skips that many of each (the next page).
    public func search(_ query: String, limit: Int?, offset: Int) async throws -> SearchResults {
        try await search(SearchRequest(query: query, offset: offset, limit: limit))
    }
}
