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
            .timeline("home", PageRequest.scripted(minId: "5", limit: 5), .home),
            .timeline("home", PageRequest(limit: 5), .home),
            .timeline("home", PageRequest.scripted(maxId: "26", limit: 5), .background),
            .timeline("home", PageRequest.scripted(maxId: "21", limit: 5), .background),
            .timeline("home", PageRequest.scripted(maxId: "16", limit: 5), .background),
            .timeline("home", PageRequest.scripted(maxId: "11", limit: 5), .background),
        ])
        #expect(try engine.cache.posts("home", limit: 100).map(\.id) == (1...30).reversed().map(String.init))
        #expect(await engine.gaps(.home) == [])
    }

    @Test func aFirstReadingOfAnEmptyHomeTellsNoNewPosts() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        let engine = harness.engine
        service.add(Fixtures.posts(1...5))
        let events = Events()
        engine.observe { events.append($0) }
        // A first run: live updates read home before the screen did; what came is what the screen shows.
        #expect(await engine.poll())
        #expect(events.all == [])
        #expect(try engine.cache.posts("home", limit: 100).map(\.id) == ["5", "4", "3", "2", "1"])
        service.add(Fixtures.posts(6...7))
        #expect(await engine.poll())
        #expect(events.all == [.newPosts(timeline: "home", count: 2)])
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
        #expect(service.calls == [.timeline("home", PageRequest.scripted(minId: "5", limit: 5), .user)])
    }

    /// Issue 16: notifications catch up as home does. Away while 25 came (6-30): the page above the cache by
    /// `min_id` (6-10) and the newest (26-30) come at once and are told one by one; the 15 between them are
    /// filled at background priority and said once.
    @Test func notificationsAfterBeingAwayFindTheGapFillItAtBackgroundPriorityAndSaySoOnce() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        let engine = harness.engine
        service.add((1...5).map { Fixtures.notification(String($0), kind: .favourite) })
        #expect(try await engine.refreshNotifications() == 5)
        let events = Events()
        engine.observe { events.append($0) }
        service.add((6...30).map { Fixtures.notification(String($0), kind: .favourite) })
        service.resetCalls()

        #expect(await engine.poll())

        let told = events.all.compactMap { event -> String? in
            if case .notification(let notification, _) = event { return notification.id }
            return nil
        }
        #expect(told == ["6", "7", "8", "9", "10", "26", "27", "28", "29", "30"])
        #expect(events.all.last == .gapFilled(timeline: "notifications", count: 15, complete: true))
        #expect(events.all.filter { if case .gapFilled = $0 { true } else { false } }.count == 1)
        #expect(service.calls.filter { if case .notifications = $0 { true } else { false } } == [
            .notifications(PageRequest.scripted(minId: "5", limit: 5), .mentions),
            .notifications(PageRequest(limit: 5), .mentions),
            .notifications(PageRequest.scripted(maxId: "26", limit: 5), .background),
            .notifications(PageRequest.scripted(maxId: "21", limit: 5), .background),
            .notifications(PageRequest.scripted(maxId: "16", limit: 5), .background),
            .notifications(PageRequest.scripted(maxId: "11", limit: 5), .background),
        ])
        #expect(try engine.cache.notifications(limit: 100).map(\.id) == (1...30).reversed().map(String.init))
        #expect(try engine.cache.gaps("notifications") == [])
    }

    @Test func aLongAbsenceFillsAtMostTheConfiguredPagesOfNotificationsAndKeepsTheRestOfTheGap() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        let engine = harness.engine
        service.add((1...5).map { Fixtures.notification(String($0), kind: .follow) })
        _ = try await engine.refreshNotifications()
        let events = Events()
        engine.observe { events.append($0) }
        service.add((6...65).map { Fixtures.notification(String($0), kind: .follow) })

        #expect(await engine.poll())

        #expect(events.all.last == .gapFilled(timeline: "notifications", count: 25, complete: false))
        #expect(try engine.cache.gaps("notifications").map { [$0.newerId, $0.olderId] } == [["36", "10"]])
        // The next rounds of polling go on filling what remains, however little came above it.
        #expect(await engine.poll())
        #expect(events.all.last == .gapFilled(timeline: "notifications", count: 25, complete: false))
        #expect(await engine.poll())
        #expect(events.all.last == .gapFilled(timeline: "notifications", count: 0, complete: true))
        #expect(try engine.cache.notifications(limit: 100).map(\.id) == (1...65).reversed().map(String.init))
    }

    /// A gap below the notifications the cache keeps goes with them.
    @Test func aNotificationGapBelowTheKeptNotificationsIsForgotten() throws {
        let cache = try TimelineCache(path: temporaryFolder().appendingPathComponent("cache.sqlite3").path,
                                      configuration: TimelineCache.Configuration(maxNotifications: 2))
        try cache.insert((1...2).reversed().map { Fixtures.notification(String($0), kind: .follow) })
        try cache.addGap(timeline: "notifications", newerId: "5", olderId: "2", cursor: nil)
        try cache.insert((5...6).reversed().map { Fixtures.notification(String($0), kind: .follow) })
        #expect(try cache.gaps("notifications") == [])
        #expect(try cache.notifications().map(\.id) == ["6", "5"])
    }
}
