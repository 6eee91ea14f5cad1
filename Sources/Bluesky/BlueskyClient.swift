import Foundation
import MicroblogKit
import ParlaBase
import ServiceHTTP

/// The ``TimelineService`` of a Bluesky account: AT Protocol over XRPC, through the same ``HTTPTransport``
/// and ``RateLimitBudget`` as Mastodon's client.
///
/// Likes are favourites and reposts are boosts, as FastSM maps them. Ids are `at://` URIs for posts and
/// DIDs for accounts; ``PageRequest/cursor`` is Bluesky's own cursor, read by no one else. The session made at login is
/// renewed with `refreshSession` when the server says the access token expired (the call is then sent
/// once more), and every renewal is handed to `sessionSaved` to be stored; `createSession` is never called
/// again. Record writes are paced by Bluesky's points (create 3, update 2, delete 1; 5,000 an hour) in
/// their own budget. What a post's viewer did (the like and repost records that undo it) stays in this
/// client. Tokens never appear in errors, logs or ``description``.
public final class BlueskyClient: TimelineService, CustomStringConvertible {
    /// The transport requests go through.
    public let transport: any HTTPTransport
    /// The budget every call spends from.
    public let budget: RateLimitBudget
    /// The budget of record writes, in points.
    public let writeBudget: RateLimitBudget
    /// How long a call may wait for a budget before failing with ``MicroblogError/rateLimited(resetAt:)``.
    public let maxWait: Duration
    /// The most attempts for a retryable call.
    public static let maxAttempts = 3
    /// The largest page Bluesky gives.
    public static let pageLimit = 100
    /// Record write points Bluesky allows in an hour.
    public static let writePointsPerHour = 5_000

    let keeper: SessionKeeper
    let sleeper: any Sleeper
    let retryBackoff: Backoff
    /// The like and repost records of posts, and the follow and block records of accounts, as last seen.
    let records = ViewerRecords()
    /// Uploaded images not yet posted: their blob references and descriptions, by id.
    let uploads = LockedBox<[String: Upload]>([:])
    /// The user's own profile as last read: a post just written names its author as the server will.
    let ownProfile = LockedBox<Lexicon.Profile?>(nil)

    /// An uploaded image waiting for its post.
    struct Upload: Sendable {
        var blob: XRPCValue
        var alt: String
    }

    /// Creates a client for a stored session.
    ///
    /// - Parameters:
    ///   - session: the session made at login (``BlueskyLogin``).
    ///   - transport: where requests go.
    ///   - budget: the account's rate-limit budget.
    ///   - writeBudget: the budget of record-write points (kept apart: an hour's window).
    ///   - sessionSaved: stores a renewed session (the account file).
    ///   - sleeper: waits between retries.
    ///   - maxWait: how long a call may wait for a budget.
    public init(
        session: BlueskySession, transport: any HTTPTransport, budget: RateLimitBudget, writeBudget: RateLimitBudget = RateLimitBudget(),
        sessionSaved: @escaping @Sendable (BlueskySession) -> Void = { _ in }, sleeper: any Sleeper = TaskSleeper(),
        maxWait: Duration = .seconds(10), retryBackoff: Backoff = Backoff(base: .milliseconds(500), maximum: .seconds(4))
    ) {
        keeper = SessionKeeper(session, saved: sessionSaved)
        self.transport = transport
        self.budget = budget
        self.writeBudget = writeBudget
        self.sleeper = sleeper
        self.maxWait = maxWait
        self.retryBackoff = retryBackoff
    }

    /// `BlueskyClient(tokens redacted)`.
    public var description: String { "BlueskyClient(tokens redacted)" }

    /// The session as it stands (renewed or not).
    public var session: BlueskySession {
        get async { await keeper.session }
    }
}

/// A value behind a lock.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Reads or changes the value under the lock.
    func with<T>(_ body: (inout Value) -> T) -> T {
        lock.withLock { body(&value) }
    }
}
