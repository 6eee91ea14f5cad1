import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
@testable import ParlaEngine
import TestSupport
import ParlaBaseTesting

/// An engine over a scripted service, a real SQLite cache in a temporary folder and virtual time; its
/// own tasks (live updates, timers, the outbox sender) run on a ``ManualExecutor`` only when the test
/// calls ``run()`` or ``advance(by:)``.
struct EngineHarness {
    let folder: URL
    let service: ScriptedService
    let clock: ManualClock
    let sleeper: ManualSleeper
    let executor: ManualExecutor
    let engine: Engine

    init(service: ScriptedService = ScriptedService(), budget: (@Sendable () async -> BudgetSnapshot?)? = nil) async throws {
        folder = temporaryFolder()
        self.service = service
        clock = ManualClock()
        sleeper = ManualSleeper(clock: clock)
        executor = ManualExecutor()
        engine = try await Engine.open(
            accountFolder: folder, service: service,
            configuration: Engine.Configuration(
                pageSize: 5, notificationPageSize: 5, markerDelay: .seconds(5),
                pollInterval: .seconds(60), reconnect: Backoff(base: .seconds(2), maximum: .seconds(30))),
            clock: clock, sleeper: sleeper, executor: executor, budgetSnapshot: budget)
    }

    /// Runs the engine's tasks until each has ended or waits for the test (a sleep, the stream, a gate).
    func run() {
        executor.run()
    }

    /// Moves virtual time on, waking the sleeps that are due, and runs what they start.
    func advance(by step: Duration) {
        sleeper.advance(by: step)
        executor.run()
    }

    /// Collects the engine's events from now on, read from ``Engine/events()`` by a task on the
    /// executor (so they are in the log after ``run()``).
    func collectEvents() async -> EventLog {
        let log = EventLog()
        let stream = await engine.events()
        executor.start {
            for await event in stream { log.append(event) }
        }
        return log
    }
}

/// A fresh temporary folder for one test.
func temporaryFolder() -> URL {
    TestPaths.temporaryDirectory("parla-engine")
}
