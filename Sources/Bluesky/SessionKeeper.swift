import Foundation

/// Holds an account's session and renews it once however many calls find it expired at the same time.
actor SessionKeeper {
    private(set) var session: BlueskySession
    private let saved: @Sendable (BlueskySession) -> Void
    private var renewal: Task<BlueskySession, any Error>?

    init(_ session: BlueskySession, saved: @escaping @Sendable (BlueskySession) -> Void) {
        self.session = session
        self.saved = saved
    }

    /// A session whose access token is not `expired`: the current one when another call renewed it
    /// already, else one renewed by `renew` (and handed to `saved`).
    func renewed(after expired: String, renew: @escaping @Sendable (BlueskySession) async throws -> BlueskySession) async throws -> BlueskySession {
        if session.accessJwt != expired { return session }
        if let renewal { return adopt(try await renewal.value) }
        let current = session
        let task = Task { try await renew(current) }
        renewal = task
        defer { renewal = nil }
        return adopt(try await task.value)
    }

    /// Takes a renewed session (whichever waiting call resumes first), storing it once.
    private func adopt(_ fresh: BlueskySession) -> BlueskySession {
        guard session != fresh else { return fresh }
        session = fresh
        saved(fresh)
        return fresh
    }
}
