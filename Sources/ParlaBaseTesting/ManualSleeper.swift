import Foundation
import ParlaBase

/// A sleeper on virtual time: sleeps end when ``advance(by:)`` moves its ``ManualClock`` past their
/// deadline. For tests and deterministic runs; nothing waits for real time.
public final class ManualSleeper: Sleeper, @unchecked Sendable {
    /// The clock the deadlines are measured on (give the same one to the code under test).
    public let clock: ManualClock
    private let lock = NSLock()
    private var sleepers: [UUID: (deadline: Duration, continuation: CheckedContinuation<Void, any Error>)] = [:]
    private var requested: [Duration] = []

    public init(clock: ManualClock = ManualClock()) {
        self.clock = clock
    }

    public func sleep(for duration: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = lock.withLock {
                    requested.append(duration)
                    if Task.isCancelled { return true }
                    sleepers[id] = (clock.now() + duration, continuation)
                    return false
                }
                if resumeNow { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let waiting = lock.withLock { sleepers.removeValue(forKey: id) }
            waiting?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleep whose deadline has come.
    public func advance(by step: Duration) {
        clock.advance(by: step)
        let now = clock.now()
        let due = lock.withLock {
            let ready = sleepers.filter { $0.value.deadline <= now }
            for id in ready.keys { sleepers.removeValue(forKey: id) }
            return ready.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// How many tasks are asleep now.
    public var sleeping: Int { lock.withLock { sleepers.count } }

    /// Every duration asked for so far, in order.
    public var requestedDurations: [Duration] { lock.withLock { requested } }
}
