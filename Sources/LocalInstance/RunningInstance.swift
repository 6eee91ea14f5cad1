import Foundation

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
    /// The demo community's live activity, when it is on.
    private let activity: Task<Void, Never>?

    init(
        baseURL: String, port: Int, ownerToken: String, services: InstanceServices, task: Task<Void, any Error>,
        activity: Task<Void, Never>? = nil
    ) {
        self.activity = activity
        self.baseURL = baseURL
        self.port = port
        self.ownerToken = ownerToken
        self.services = services
        self.task = task
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

    /// The number of connected streaming clients.
    public var streamingClients: Int { services.hub.count }

    /// Stops serving: closes the streams, shuts the listener and waits for it.
    public func stop() async {
        activity?.cancel()
        _ = await activity?.value
        services.hub.close()
        task.cancel()
        _ = await task.result
    }
}
