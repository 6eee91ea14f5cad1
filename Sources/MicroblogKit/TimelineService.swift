import Foundation

/// The pluggable timeline API: one implementation per kind of network (Mastodon's first).
///
/// Every call may throw ``MicroblogError``. Calls are paced by the implementation's rate-limit budget
/// at the priority in ``RequestPriority/current``.
public protocol TimelineService: SafetyService, PostEditing, AccountToolsService {
    /// What the network has, known without a request: the network's own, refined by what the server
    /// stated once ``instance()`` answered (Mastodon's length limit and images per post).
    var capabilities: NetworkCapabilities { get }
    /// The server's limits and streaming address.
    func instance() async throws -> InstanceInfo
    /// The logged-in user.
    func currentAccount() async throws -> Account

    /// A page of a timeline, newest first.
    func timeline(_ kind: TimelineKind, page: PageRequest) async throws -> Page<Post>
    /// A page of notifications, newest first; `kinds` nil for all.
    func notifications(page: PageRequest, kinds: Set<NotificationKind>?) async throws -> Page<MicroblogNotification>
    /// The request for the page just older than a post of a timeline, when the network pages that timeline
    /// by its posts; nil when only the cursors of its own pages lead on (the first page is read again to
    /// learn them).
    func pageRequest(olderThan postId: String, in kind: TimelineKind) -> PageRequest?
    /// The request for the notifications just older than one, when the network pages them by their ids.
    func notificationsPageRequest(olderThan notificationId: String) -> PageRequest?
    /// Whether a read position at `id` is further on than one at `other` (both ids of one timeline, as the
    /// network orders its own ids): a position never moves back.
    func readPosition(_ id: String, isPast other: String) -> Bool
    /// One post.
    func post(id: String) async throws -> Post
    /// A post with its ancestors and replies.
    func thread(id: String) async throws -> Thread

    /// Publishes a post (its attachments already uploaded: their ``NewAttachment/mediaId``s are sent); the same
    /// idempotency key never makes two posts.
    func publish(_ post: NewPost) async throws -> Post
    /// Deletes one of the user's posts; answers it as the server gave it back (its attachments kept there for
    /// a redraft, as Mastodon does), or nil when the server answered nothing readable.
    @discardableResult
    func delete(postId: String) async throws -> Post?
    /// Uploads a file with its description and returns once the server has processed it.
    func uploadMedia(_ file: MediaFile) async throws -> MediaAttachment
    /// Changes the description of an upload not yet posted.
    func describeMedia(id: String, description: String) async throws -> MediaAttachment
    /// Hands a post with ``NewPost/scheduledAt`` (its attachments already uploaded) to the server to publish then.
    func schedule(_ post: NewPost) async throws -> ScheduledPost
    /// The user's scheduled posts, soonest first.
    func scheduledPosts() async throws -> [ScheduledPost]
    /// Cancels a scheduled post.
    func cancelScheduled(id: String) async throws
    /// Boosts or unboosts; returns the post as it now is.
    func setBoosted(_ boosted: Bool, postId: String) async throws -> Post
    /// Favourites or unfavourites.
    func setFavourited(_ favourited: Bool, postId: String) async throws -> Post
    /// Bookmarks or removes the bookmark.
    func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post
    /// Votes in a poll with the chosen option indexes.
    func vote(pollId: String, choices: [Int]) async throws -> Poll

    /// One account by id.
    func account(id: String) async throws -> Account
    /// One account by `user` or `user@server`.
    func lookup(acct: String) async throws -> Account
    /// Who follows the account.
    func followers(accountId: String, page: PageRequest) async throws -> Page<Account>
    /// Whom the account follows.
    func following(accountId: String, page: PageRequest) async throws -> Page<Account>
    /// The user's relationships with these accounts, fetched in as few calls as the server allows.
    func relationships(accountIds: [String]) async throws -> [Relationship]
    /// Follows or unfollows.
    func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship

    /// The user's lists.
    func lists() async throws -> [UserList]
    /// One page of accounts, posts or hashtags matching a query (the first page of all three when the
    /// request names no kind).
    func search(_ request: SearchRequest) async throws -> SearchResults

    /// Saved reading positions, keyed by timeline (`home`, `notifications`).
    func markers() async throws -> [String: ReadMarker]
    /// Saves a reading position.
    func saveMarker(timeline: String, lastReadId: String) async throws

    /// Events pushed by the server until the stream ends or the task is cancelled.
    ///
    /// Throws ``MicroblogError/notSupported(feature:)`` when the server offers no streaming; the
    /// caller then polls, paced by the budget.
    func stream(_ kind: StreamKind) async throws -> AsyncThrowingStream<StreamEvent, any Error>
}

extension TimelineService {
    /// The first page of accounts, posts and hashtags matching `query`.
    public func search(_ query: String, limit: Int?) async throws -> SearchResults {
        try await search(SearchRequest(query: query, limit: limit))
    }

    /// Accounts, posts and hashtags matching `query`; `offset` skips that many of each (the next page).
    public func search(_ query: String, limit: Int?, offset: Int) async throws -> SearchResults {
        try await search(SearchRequest(query: query, offset: offset, limit: limit))
    }
}
