import Foundation
import ParlaBase
import ParlaBaseTesting
import Testing

/// What the work did, in order.
private final class Trace: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func add(_ step: String) { lock.withLock { stored.append(step) } }
    var steps: [String] { lock.withLock { stored } }
}

/// An actor the work hops to, as the engine's work does.
private actor Counter {
    var value = 0
    func bump() -> Int {
        value += 1
        return value
    }
}

/// The test executor: work runs only when the test says, one job at a time, oldest first.
@Suite struct ManualExecutorTests {
    @Test func workRunsOnlyWhenTheTestRunsItInTheOrderItWasStarted() {
        let executor = ManualExecutor()
        let trace = Trace()
        executor.start { trace.add("first") }
        executor.start { trace.add("second") }
        #expect(trace.steps == [])
        #expect(executor.run() == 2)
        #expect(trace.steps == ["first", "second"])
        #expect(executor.run() == 0)
    }

    @Test func workThatHopsToAnActorInterleavesTheSameWayEveryTime() {
        let executor = ManualExecutor()
        let trace = Trace()
        let counter = Counter()
        for name in ["a", "b"] {
            executor.start {
                for _ in 0..<2 {
                    let value = await counter.bump()
                    trace.add("\(name)\(value)")
                }
            }
        }
        executor.run()
        #expect(trace.steps == ["a1", "b2", "a3", "b4"])
    }

    @Test func workWokenByTheManualSleeperRunsOnTheNextRun() {
        let executor = ManualExecutor()
        let sleeper = ManualSleeper()
        let trace = Trace()
        executor.start {
            try? await sleeper.sleep(for: .seconds(5))
            trace.add("woke")
        }
        executor.run()
        #expect(sleeper.sleeping == 1)
        sleeper.advance(by: .seconds(5))
        #expect(trace.steps == [])
        executor.run()
        #expect(trace.steps == ["woke"])
    }

    @Test func waitingForWorkRunsTheQueueUntilItEnds() async {
        let executor = ManualExecutor()
        let trace = Trace()
        let counter = Counter()
        let task = executor.start {
            _ = await counter.bump()
            trace.add("done")
        }
        await executor.wait(for: task)
        #expect(trace.steps == ["done"])
        #expect(await counter.value == 1)
    }
}
