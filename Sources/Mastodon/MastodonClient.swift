import Foundation
import MicroblogKit
import ParlaBase
// The transport's shape and the rate-limit budget moved to ServiceHTTP, shared with the other networks; code
// that imports Mastodon keeps seeing them.
@_exported import ServiceHTTP

/// The ``TimelineService`` of a Mastodon server (or any server that speaks its API), over HTTP.
///
/// Every call first asks the ``RateLimitBudget`` at the priority in ``RequestPriority/current``, so the
/// client never sends a call the server's limit would refuse. GETs that fail on a 5xx, a timeout or a
/// dropped connection are tried again with back-off (at most three attempts in all); a POST only when it
/// carries an idempotency key. Failures arrive as ``MicroblogError``. The token never appears in errors,
/// logs or ``description``.
public final class MastodonClient: TimelineService, CustomStringConvertible {
    /// The server's base address (`https://mastodon.social`).
    public let server: URL
    /// The transport requests go through.
    public let transport: any HTTPTransport
    /// The budget every call spends from.
    public let budget: RateLimitBudget
    /// How long a call may wait for the budget before failing with ``MicroblogError/rateLimited(resetAt:)``.
    public let maxWait: Duration
    /// The most attempts for a retryable call.
    public static let maxAttempts = 3

    let token: String
    let sleeper: any Sleeper
    let retryBackoff: Backoff
    let streamingBase = LockedValue<URL?>(nil)
    /// What the server stated in its last ``instance()`` answer.
    let statedCapabilities = LockedValue<NetworkCapabilities?>(nil)
    /// Set when the server answered `/api/v2/notifications` with 404: notifications come from v1 for the rest of the session.
    let groupedNotificationsMissing = LockedValue(false)

    /// Creates a client for `server` with an access token.
    ///
    /// - Parameters:
    ///   - server: the server's address; plain `http` only for loopback hosts (otherwise every call throws
    ///     ``MicroblogError/insecureURL(_:)``).
    ///   - token: the OAuth access token.
    ///   - transport: where requests go (``AsyncHTTPTransport`` for real servers).
    ///   - budget: the account's rate-limit budget.
    ///   - sleeper: waits between retries.
    ///   - maxWait: how long a call may wait for the budget.
    public init(
        server: URL, token: String, transport: any HTTPTransport, budget: RateLimitBudget,
        sleeper: any Sleeper = TaskSleeper(), maxWait: Duration = .seconds(10),
        retryBackoff: Backoff = Backoff(base: .milliseconds(500), maximum: .seconds(4))
    ) {
        self.server = server
        self.token = token
        self.transport = transport
        self.budget = budget
        self.sleeper = sleeper
        self.maxWait = maxWait
        self.retryBackoff = retryBackoff
    }

    /// `MastodonClient(https://mastodon.social, token redacted)`.
    public var description: String { "MastodonClient(\(server.absoluteString), token redacted)" }

    var host: String { server.host ?? server.absoluteString }
}

/// A value behind a lock.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    var current: Value {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
