/// Where work that outlives its caller runs: a call whose result the app waits for, the engine's live
/// updates, its timers and its outbox sender.
///
/// Production gives ``ConcurrentExecutor``: each piece of work is its own task on the cooperative pool,
/// running concurrently. Tests give `ManualExecutor` (ParlaBaseTesting), which runs the work only when
/// the test says so, one job at a time in the order it became ready, so what happens first never
/// depends on the scheduler.
public protocol WorkExecutor: Sendable {
    /// Starts `work` as a new unstructured task (it inherits the caller's task-local values, as
    /// `Task {}` does) and returns it, to cancel or to wait for.
    @discardableResult
    func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>

    /// Returns when `task`, started by ``start(_:)``, has ended. A test executor runs its work meanwhile.
    func wait(for task: Task<Void, Never>) async
}

/// The real executor: each piece of work runs as its own task on the cooperative pool.
public struct ConcurrentExecutor: WorkExecutor {
    public init() {}

    @discardableResult
    public func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        Task { await work() }
    }

    public func wait(for task: Task<Void, Never>) async {
        await task.value
    }
}
