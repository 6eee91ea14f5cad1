/// Waits for a while; injected so tests decide when time has passed instead of sleeping.
public protocol Sleeper: Sendable {
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real sleeper (`Task.sleep`).
public struct TaskSleeper: Sleeper {
    public init() {}

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// Exponential back-off: `base`, doubled after each further failure, never more than `maximum`.
public struct Backoff: Sendable, Hashable {
    public var base: Duration
    public var maximum: Duration

    public init(base: Duration = .seconds(2), maximum: Duration = .seconds(300)) {
        self.base = base
        self.maximum = maximum
    }

    /// The wait after `failures` failures in a row (1 for the first failure).
    public func delay(afterFailures failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        var delay = base
        for _ in 1..<min(failures, 30) {
            delay = delay * 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
