import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
@testable import ParlaEngine
import Testing
import TestSupport

/// The engine alone says whether the server can be reached: every call's outcome counts, and each
/// change is told once, before the call that caused it returns.
@Suite struct EngineReachabilityTests {
    let unreachable = MicroblogError.unreachable(host: "scripted.test")

    @Test func aFailedCallGoesOfflineOnceAndTheFirstSuccessAfterComesBackOnce() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        let log = EventLog()
        engine.observe { log.append($0) }

        harness.service.setOutage(unreachable)
        await #expect(throws: MicroblogError.unreachable(host: "scripted.test")) { try await engine.lists() }
        // Told before the call returned, not on its way to a stream.
        #expect(log.events == [.offline(unreachable)])
        await #expect(throws: MicroblogError.unreachable(host: "scripted.test")) { try await engine.refresh(.home) }
        await #expect(throws: MicroblogError.unreachable(host: "scripted.test")) { try await engine.account(id: "2") }
        #expect(log.events == [.offline(unreachable)])

        harness.service.setOutage(nil)
        harness.service.add(Fixtures.posts(1...2))
        #expect(try await engine.refresh(.home).newCount == 2)
        #expect(log.events == [.offline(unreachable), .online])
        _ = try await engine.lists()
        #expect(log.events == [.offline(unreachable), .online])
    }

    @Test func anAnswerThatCannotBeUsedIsNoReasonToGoOffline() async throws {
        let harness = try await EngineHarness()
        let log = EventLog()
        harness.engine.observe { log.append($0) }
        await #expect(throws: MicroblogError.notFound) { try await harness.engine.post(id: "404") }
        harness.service.setOutage(.unauthorized)
        await #expect(throws: MicroblogError.unauthorized) { try await harness.engine.lists() }
        #expect(log.events == [])
    }

    @Test func whenLiveUpdatesNoticedFirstAFailedCallSaysNothingMore() async throws {
        let harness = try await EngineHarness()
        let sleeper = harness.sleeper
        let log = EventLog()
        harness.engine.observe { log.append($0) }
        harness.service.setOutage(unreachable)
        await harness.engine.startLive()
        harness.run()
        // The first poll failed; the engine waits to try again.
        #expect(sleeper.requestedDurations == [.seconds(2)])
        #expect(log.events == [.offline(unreachable)])
        await #expect(throws: MicroblogError.unreachable(host: "scripted.test")) { try await harness.engine.refresh(.home) }
        #expect(log.events == [.offline(unreachable)])
        await harness.engine.stop()
    }
}
