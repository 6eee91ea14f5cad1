import Foundation
import ParlaBase

/// An executor the test drives: work started on it, and everything that work does afterwards (actor
/// calls, resumes after a ``ManualSleeper`` or a stream wakes it), waits in one queue until
/// ``run()`` runs it on the test's own thread, one job at a time, oldest first.
///
/// So the order in which started work reaches a service or an engine is the order it was started, and
/// after ``run()`` returns every piece of work has either ended or is waiting for something the test
/// controls (a sleep on virtual time, a stream, a gate): nothing runs behind the test's back, and no
/// test needs to poll or sleep to see its effects.
public final class ManualExecutor: WorkExecutor, TaskExecutor, @unchecked Sendable {
    private let lock = NSLock()
    private var jobs: [UnownedJob] = []
    private var started = 0
    /// The work started here and not ended yet, by task.
    private var running: [Task<Void, Never>: Int] = [:]
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    // MARK: TaskExecutor

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let woken = lock.withLock {
            jobs.append(job)
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }

    // MARK: WorkExecutor

    @discardableResult
    public func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let id = lock.withLock {
            started += 1
            return started
        }
        // Nothing runs before `run()`, so the task is known here before it can end.
        let task = Task(executorPreference: self) {
            await work()
            self.end(id)
        }
        lock.withLock { running[task] = id }
        return task
    }

    /// Runs the queue until `task` has ended; when the queue is empty meanwhile (the work waits for
    /// something outside, a server on another thread), waits, without polling, for the next job.
    public func wait(for task: Task<Void, Never>) async {
        while true {
            run()
            if hasEnded(task) { return }
            await nextJob()
        }
    }

    // MARK: Driving

    /// Runs every job that is ready, and every job those make ready, oldest first, until none is left.
    ///
    /// - Returns: how many jobs ran.
    @discardableResult
    public func run() -> Int {
        var count = 0
        while let job = lock.withLock({ jobs.isEmpty ? nil : jobs.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
            count += 1
        }
        return count
    }

    private func end(_ id: Int) {
        lock.withLock {
            if let task = running.first(where: { $0.value == id })?.key { running[task] = nil }
        }
    }

    private func hasEnded(_ task: Task<Void, Never>) -> Bool {
        lock.withLock { running[task] == nil }
    }

    private func nextJob() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = lock.withLock { () -> Bool in
                if !jobs.isEmpty { return true }
                waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
