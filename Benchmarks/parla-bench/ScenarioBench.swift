import Foundation
import SystemTestSupport
import TestSupport

/// Runs `RequestCountScenario` (Parla against a naive client on the local instance) and prints its figures.
///
/// `scenario_requests_ratio` is Parla's requests ÷ the naive client's (target ≤ 0.34);
/// `scenario_429` is the 429 answers Parla got (target 0).
func scenarioBench() throws {
    let counts = try waitFor { try await RequestCountScenario.run() }
    figure("scenario_parla_requests", String(counts.parla))
    figure("scenario_naive_requests", String(counts.naive))
    let ratio = counts.naive == 0 ? Double.nan : Double(counts.parla) / Double(counts.naive)
    figure("scenario_requests_ratio", format(ratio))
    figure("scenario_429", String(counts.parlaTooMany))
}

/// Runs async work from the synchronous bench driver and waits for its result.
private func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { box.set(.success(try await work())) } catch { box.set(.failure(error)) }
        done.signal()
    }
    done.wait()
    return try box.get()
}

/// A result handed from a task to the waiting thread.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ value: Result<T, any Error>) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() throws -> T {
        lock.lock()
        let stored = result
        lock.unlock()
        guard let result = stored else { throw CancellationError() }
        return try result.get()
    }
}
