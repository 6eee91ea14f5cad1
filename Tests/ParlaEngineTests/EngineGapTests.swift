import Foundation
import MicroblogKit
import MicroblogKitTesting
@testable import ParlaEngine
import Testing

/// Issue 16, item 1: newer posts come by `min_id`; a gap left by being away is found, filled by the engine
/// page by page, and said once.
@Suite struct EngineGapTests {
    /// Every event, handed over on the task that emits it.
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [EngineEvent] = []
        var all: [EngineEvent] { lock.withLock { events } }
        func append(_ event: EngineEvent) { lock.withLock { events.append(event) } }
    }

    @Test func aCatchUpAfterBeingAwayFindsTheGapFillsItAndSaysSoOnce() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        let engine = harness.engine
        service.add(Fixtures.posts(1...5))
        _ = try await engine.refresh(.home)
        let events = Events()
        engine.observe { events.append($0) }
        // Away while 25 posts were written: the page above the cache (6-10) and the newest (26-30) come
        // first, the 15 between them by filling the gap.
        service.add(Fixtures.posts(6...30))
        service.resetCalls()

        #expect(await engine.poll())

        #expect(events.all == [
            .newPosts(timeline: "home", count: 10),
            .gapFilled(timeline: "home", count: 15, complete: true),
        ])
        #expect(service.calls.filter { if case .timeline = $0 { true } else { false } } == [
            .timeline("home", PageRequest(minId: "5", limit: 5), .home),
            .timeline("home", PageRequest(sinceId: "10", limit: 5), .home),
            .timeline("home", PageRequest(maxId: "26", sinceId: "10", limit: 5), .background),
            .timeline("home", PageRequest(maxId: "21", sinceId: "10", limit: 5), .background),
            .timeline("home", PageRequest(maxId: "16", sinceId: "10", limit: 5), .background),
            .timeline("home", PageRequest(maxId: "11", sinceId: "10", limit: 5), .background),
        ])
        #expect(try engine.cache.posts("home", limit: 100).map(\.id) == (1...30).reversed().map(String.init))
        #expect(await engine.gaps(.home) == [])
    }

    @Test func aLongAbsenceFillsAtMostTheConfiguredPagesAndSaysTheRestFollows() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        let engine = harness.engine
        service.add(Fixtures.posts(1...5))
        _ = try await engine.refresh(.home)
        let events = Events()
        engine.observe { events.append($0) }
        // 60 new posts: 6-10 and 61-65 at once, 50 missing between; five pages of five fill half of them.
        service.add(Fixtures.posts(6...65))

        #expect(await engine.poll())

        #expect(events.all == [
            .newPosts(timeline: "home", count: 10),
            .gapFilled(timeline: "home", count: 25, complete: false),
        ])
        #expect(await engine.gaps(.home).map { [$0.newerId, $0.olderId] } == [["36", "10"]])
    }

    @Test func newerPostsWithinOnePageCostOneRequestAndLeaveNoGap() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        service.add(Fixtures.posts(1...5))
        _ = try await harness.engine.refresh(.home)
        service.add(Fixtures.posts(6...8))
        service.resetCalls()
        #expect(try await harness.engine.refresh(.home) == RefreshResult(newCount: 3, gap: false))
        #expect(service.calls == [.timeline("home", PageRequest(minId: "5", limit: 5), .user)])
    }
}
