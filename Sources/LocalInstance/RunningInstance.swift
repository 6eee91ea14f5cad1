import Foundation
import ServiceLifecycle

/// A local instance serving in this process.
public final class RunningInstance: Sendable {
    /// Where it answers, such as `http://127.0.0.1:41234`.
    public let baseURL: String
    /// The port it listens on.
    public let port: Int
    /// The owner's access token (all scopes), kept across restarts.
    public let ownerToken: String

    let services: InstanceServices
    private let task: Task<Void, any Error>
    private let group: ServiceGroup
    /// The demo community's live activity, when it is on.
    private let activity: Task<Void, Never>?

    /// How long a graceful stop may take before the server is cut (a client that never reads its answer).
    static let stopGrace: Duration = .seconds(2)

    init(
        baseURL: String, port: Int, ownerToken: String, services: InstanceServices, task: Task<Void, any Error>, group: ServiceGroup,
        activity: Task<Void, Never>? = nil
    ) {
        self.activity = activity
        self.baseURL = baseURL
        self.port = port
        self.ownerToken = ownerToken
        self.services = services
        self.task = task
        self.group = group
    }

    /// Replaces the fault plan (only when the instance was started with one; otherwise faults stay off).
    ///
    /// - Returns: whether faults are enabled on this instance.
    @discardableResult
    public func setFaults(_ plan: FaultPlan) -> Bool {
        guard let faults = services.faults else { return false }
        faults.replace(with: plan)
        return true
    }

    /// How many sessions the AT Protocol face's `createSession` opened since the instance started.
    public var blueskySessionsCreated: Int { services.bluesky.sessionsCreated }

    /// The number of connected streaming clients.
    public var streamingClients: Int { services.hub.count }

    /// Stops serving: closes the streams, then shuts down gracefully (no new connections; answers under way
    /// are finished and idle connections closed) and waits for it, cutting what is left after ``stopGrace``.
    ///
    /// Cancelling the server outright while a connection was being accepted could crash the process (swift-nio
    /// #3481: "Deinited NIOAsyncWriter without calling finish()").
    public func stop() async {
        activity?.cancel()
        _ = await activity?.value
        services.hub.close()
        await group.triggerGracefulShutdown()
        let task = self.task
        let cut = Task {
            // A real wait: the instance's own sleeper may be a test's manual one, which never moves by itself.
            try await ContinuousClock().sleep(for: Self.stopGrace)
            task.cancel()
        }
        _ = await task.result
        cut.cancel()
    }
}
