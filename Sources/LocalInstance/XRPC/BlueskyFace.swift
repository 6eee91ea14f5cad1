/// The AT Protocol face's settings and what it counts: how long access tokens live, and how many sessions
/// `createSession` opened (a client that logs in at every start shows here; Bluesky allows 30 per 5 minutes).
final class BlueskyFace: Sendable {
    /// Seconds an access JWT is valid.
    let accessTTL: Int64
    private let created = LockedBox(0)

    init(accessTTL: Duration) {
        self.accessTTL = max(1, accessTTL.components.seconds)
    }

    /// Counts one `createSession` that succeeded.
    func countSession() { created.withValue { $0 += 1 } }

    /// How many sessions `createSession` opened since the instance started.
    var sessionsCreated: Int { created.withValue { $0 } }
}
