import Foundation
import ParlaBase

/// How to run the local instance.
public struct InstanceConfiguration: Sendable {
    /// The folder that holds `instance.sqlite3`; nil keeps the database in memory.
    public var dataDirectory: URL?
    /// The address to listen on; loopback unless the user asks otherwise.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// Calls allowed per token and window.
    public var rateLimit: RateLimitPolicy
    /// Faults to inject; nil (the default) injects none.
    public var faults: FaultPlan?
    /// Where dates come from.
    public var clock: InstanceClock
    /// How injected latency waits.
    public var sleeper: any InstanceSleeper
    /// The secret that enables the fault-injection admin routes (`PUT`/`DELETE /parla-admin/faults`);
    /// nil (the default) leaves them off. They are only served on a loopback address.
    public var adminSecret: String?
    /// How often streaming connections get a heartbeat comment (Mastodon sends `:thump`); nil for none.
    public var streamingHeartbeat: Duration?
    /// The demo community's live activity (members post, reply, mention and favourite now and then); nil, the
    /// default, for none.
    public var demoActivity: DemoActivitySettings?
    /// How many connections stay open and how long headers may take (``ConnectionLimits/default`` unless set).
    public var connectionLimits: ConnectionLimits = .default
    /// How long an access JWT of the AT Protocol face lives before calls answer 400 `ExpiredToken`
    /// (``defaultBlueskyAccessTTL`` unless set; `parla serve --bsky-access-ttl SECONDS`).
    public var blueskyAccessTTL: Duration = InstanceConfiguration.defaultBlueskyAccessTTL

    /// Two hours, as Bluesky's own access tokens live.
    public static let defaultBlueskyAccessTTL: Duration = .seconds(7200)

    /// Creates a configuration; by default loopback, a free port, Mastodon's rate limit, no faults, real time.
    public init(
        dataDirectory: URL?, host: String = "127.0.0.1", port: Int = 0, rateLimit: RateLimitPolicy = .mastodonDefault,
        faults: FaultPlan? = nil, clock: InstanceClock = .system(), sleeper: any InstanceSleeper = TaskSleeper(),
        adminSecret: String? = nil, streamingHeartbeat: Duration? = .seconds(10)
    ) {
        self.adminSecret = adminSecret
        self.streamingHeartbeat = streamingHeartbeat
        self.dataDirectory = dataDirectory
        self.host = host
        self.port = port
        self.rateLimit = rateLimit
        self.faults = faults
        self.clock = clock
        self.sleeper = sleeper
    }

    /// Whether `host` is a loopback address (no warning needed).
    public var isLoopback: Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }

    /// The database file name inside the data directory.
    public static let databaseFileName = "instance.sqlite3"
}
