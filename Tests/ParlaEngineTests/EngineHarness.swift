import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
@testable import ParlaEngine
import TestSupport
import ParlaBaseTesting

/// An engine over a scripted service, a real SQLite cache in a temporary folder and virtual time.
struct EngineHarness {
    let folder: URL
    let service: ScriptedService
    let clock: ManualClock
    let sleeper: ManualSleeper
    let engine: Engine

    init(service: ScriptedService = ScriptedService(), budget: (@Sendable () async -> BudgetSnapshot?)? = nil) async throws {
        folder = temporaryFolder()
        self.service = service
        clock = ManualClock()
        sleeper = ManualSleeper(clock: clock)
        engine = try await Engine.open(
            accountFolder: folder, service: service,
            configuration: Engine.Configuration(
                pageSize: 5, notificationPageSize: 5, notificationCatchUpPages: 3, markerDelay: .seconds(5),
                pollInterval: .seconds(60), reconnect: Backoff(base: .seconds(2), maximum: .seconds(30))),
            clock: clock, sleeper: sleeper, budgetSnapshot: budget)
    }

    /// Collects the engine's events from now on.
    func collectEvents() async -> EventLog {
        let log = EventLog()
        let stream = await engine.events()
        Task {
            for await event in stream { log.append(event) }
        }
        return log
    }
}

/// A fresh temporary folder for one test.
func temporaryFolder() -> URL {
    TestPaths.temporaryDirectory("parla-engine")
}
