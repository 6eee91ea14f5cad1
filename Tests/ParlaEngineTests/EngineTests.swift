import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
@testable import ParlaEngine
import Testing
import TestSupport

@Suite struct EngineTests {
    @Test func theCacheIsShownBeforeAnyRequest() async throws {
        let harness = try await EngineHarness()
        try harness.engine.cache.insert(Fixtures.posts(1...3).reversed(), into: "home")
        #expect(await harness.engine.cached(.home).map(\.id) == ["3", "2", "1"])
        #expect(harness.service.calls == [])
    }

    @Test func refreshFetchesNewerPostsByMinIdRecordsAGapAndFillingItClosesIt() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        let engine = harness.engine
        service.add(Fixtures.posts(1...12))

        #expect(try await engine.refresh(.home) == RefreshResult(newCount: 5, gap: false))
        #expect(await engine.cached(.home).map(\.id) == ["12", "11", "10", "9", "8"])

        service.add(Fixtures.posts(13...14))
        #expect(try await engine.refresh(.home) == RefreshResult(newCount: 2, gap: false))

        // Eleven new: the page right above the cache is full, so the newest page is asked for too; between
        // them one post (20) is missing.
        service.add(Fixtures.posts(15...25))
        #expect(try await engine.refresh(.home) == RefreshResult(newCount: 10, gap: true))
        let gaps = await engine.gaps(.home)
        #expect(gaps.map { [$0.newerId, $0.olderId] } == [["21", "19"]])
        #expect(service.calls == [
            .timeline("home", PageRequest(limit: 5), .user),
            .timeline("home", PageRequest.scripted(minId: "12", limit: 5), .user),
            .timeline("home", PageRequest.scripted(minId: "14", limit: 5), .user),
            .timeline("home", PageRequest(limit: 5), .user),
        ])

        service.resetCalls()
        #expect(try await engine.fillGap(.home, gapId: gaps[0].id, askedByUser: false) == RefreshResult(newCount: 1, gap: false))
        #expect(await engine.gaps(.home) == [])
        #expect(service.calls == [.timeline("home", PageRequest.scripted(maxId: "21", limit: 5), .background)])
        #expect(try engine.cache.posts("home", limit: 100).map(\.id) == (8...25).reversed().map(String.init))

        service.resetCalls()
        #expect(try await engine.loadOlder(.home) == 5)
        #expect(service.calls == [.timeline("home", PageRequest.scripted(maxId: "8", limit: 5), .user)])
        #expect(try engine.cache.oldestId("home") == "3")
    }

    @Test func notificationsCatchUpWithoutGapsAndPageOlder() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        service.add((1...4).map { Fixtures.notification(String($0), kind: .favourite) })
        #expect(try await harness.engine.refreshNotifications() == 4)
        service.add((5...12).map { Fixtures.notification(String($0), kind: .follow) })
        service.resetCalls()
        #expect(try await harness.engine.refreshNotifications() == 8)
        #expect(service.calls == [
            .notifications(PageRequest.scripted(minId: "4", limit: 5), .user),
            // The page above was full: the newest page next, as home does (it reaches down into the cache: no gap).
            .notifications(PageRequest(limit: 5), .user),
        ])
        #expect(await harness.engine.cachedNotifications().map(\.id) == ["12", "11", "10", "9", "8"])
    }

    @Test func markReadSavesAtOnceAndTellsTheServerOnceAfterTheDelay() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        await engine.markRead(.home, postId: "20")
        await engine.markRead(.home, postId: "22")
        await engine.markRead(.home, postId: "21")  // older: the marker does not move back (the place the user is on does)
        await engine.markRead(.local, postId: "5")
        #expect(try engine.cache.readPosition("home")?.lastReadId == "22")
        #expect(await engine.readPosition(.home) == "21")
        #expect(await engine.readPosition(.local) == "5")
        #expect(harness.service.calls == [])
        harness.run()
        #expect(harness.sleeper.sleeping == 1)
        harness.advance(by: .seconds(4))
        #expect(harness.service.calls == [])
        harness.advance(by: .seconds(1))
        #expect(harness.service.calls == [.saveMarker("home", "22", .background)])
        #expect(try engine.cache.readPosition("home")?.needsUpload == false)
    }

    @Test func onStartTheServersMarkerWinsWhenNewerAndANewerLocalOneIsSent() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        try engine.cache.setReadPosition(.init(timeline: "home", lastReadId: "10", needsUpload: false))
        try engine.cache.setReadPosition(.init(timeline: "notifications", lastReadId: "30", needsUpload: true))
        harness.service.setMarker("home", ReadMarker(lastReadId: "15", version: 3))
        harness.service.setMarker("notifications", ReadMarker(lastReadId: "20", version: 8))
        try await engine.syncReadPositions()
        #expect(await engine.readPosition(.home) == "15")
        #expect(try engine.cache.readPosition("home")?.serverVersion == 3)
        #expect(await engine.notificationsReadPosition() == "30")
        #expect(harness.service.calls == [.markers, .saveMarker("notifications", "30", .background)])
        #expect(harness.service.marker("notifications")?.lastReadId == "30")
    }

    @Test func theDigestCountsWhatCameSinceTheReadPositionsWithTheBudget() async throws {
        var components = DateComponents()
        (components.year, components.month, components.day, components.hour, components.minute) = (2026, 3, 1, 14, 5)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let reset = calendar.date(from: components)!
        let harness = try await EngineHarness(budget: {
            BudgetSnapshot(family: .general, limit: 300, remaining: 120, resetAt: reset, reserve: 30)
        })
        let engine = harness.engine
        try engine.cache.insert(Fixtures.posts(1...10).reversed(), into: "home")
        try engine.cache.insert([
            Fixtures.notification("104", kind: .favourite, post: Fixtures.post("53")),
            Fixtures.notification("103", kind: .mention, post: Fixtures.post("52")),
            Fixtures.notification("102", kind: .mention, post: Fixtures.post("51", visibility: .direct)),
            Fixtures.notification("101", kind: .mention, post: Fixtures.post("50")),
        ])
        await engine.markRead(.home, postId: "7")
        await engine.markNotificationsRead(upTo: "101")
        let digest = await engine.digest()
        #expect(digest == SinceYouLeft(newHome: 3, newMentions: 1, newDirect: 1, budgetRemaining: 120, budgetResetAt: reset, budgetLimit: 300))
        let english = TestLocalization.localizer(.english)
        // 120 of 300 calls left is not low: the budget is not said at start.
        #expect(digest.spoken(english, timeZone: calendar.timeZone) == "Since you left: 3 new posts in home, 1 mention, 1 direct message.")
        var low = digest
        low.budgetRemaining = 75
        #expect(low.spoken(english, timeZone: calendar.timeZone)
            == "Since you left: 3 new posts in home, 1 mention, 1 direct message. Only 75 server calls left until 14:05.")
        let catalan = TestLocalization.localizer(.catalan)
        let nothing = SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0, budgetRemaining: 280, budgetLimit: 300)
        #expect(nothing.spoken(catalan) == nil)
        #expect(nothing.summary(catalan) == "No hi ha res de nou des que te'n vas anar.")
        let spanish = TestLocalization.localizer(.spanish)
        #expect(SinceYouLeft(newHome: 1, newMentions: 2, newDirect: 0).spoken(spanish) == "Desde que te fuiste: 1 publicación nueva en inicio, 2 menciones.")
        #expect(SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0, budgetRemaining: 10, budgetLimit: 300).spoken(spanish) == "No hay nada nuevo desde que te fuiste. Quedan 10 llamadas.")
        // Reading a mention in the mentions timeline moves the notifications' position: it is no longer new.
        await engine.markRead(.mentions, postId: "52")
        #expect(await engine.notificationsReadPosition() == "103")
        let after = await engine.digest()
        #expect((after.newMentions, after.newDirect) == (0, 0))
        await engine.stop()
    }

    @Test func withoutStreamingItPollsAndSaysOfflineOnceAndOnlineOnce() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        let sleeper = harness.sleeper
        service.add(Fixtures.posts(1...3))
        service.add([Fixtures.notification("1", kind: .follow)])
        let log = await harness.collectEvents()
        await harness.engine.startLive()
        harness.run()
        #expect(sleeper.requestedDurations == [.seconds(60)])
        #expect(service.calls == [
            .markers, .stream,
            .timeline("home", PageRequest(limit: 5), .home),
            .notifications(PageRequest(limit: 5), .mentions),
        ])

        service.add(Fixtures.posts(4...5))
        let mention = Fixtures.notification("2", kind: .mention, post: Fixtures.post("60", visibility: .direct))
        service.add([mention])
        harness.advance(by: .seconds(60))
        #expect(sleeper.requestedDurations == [.seconds(60), .seconds(60)])

        service.setOutage(.unreachable(host: "scripted.test"))
        harness.advance(by: .seconds(60))
        harness.advance(by: .seconds(2))
        harness.advance(by: .seconds(4))
        #expect(sleeper.requestedDurations == [.seconds(60), .seconds(60), .seconds(2), .seconds(4), .seconds(8)])

        service.setOutage(nil)
        harness.advance(by: .seconds(8))
        #expect(sleeper.requestedDurations == [.seconds(60), .seconds(60), .seconds(2), .seconds(4), .seconds(8), .seconds(60)])
        // The first reading of an empty home tells nothing new; the two posts after it are new.
        #expect(log.events == [
            .newPosts(timeline: "home", count: 2),
            .notification(mention, urgent: true),
            .offline(.unreachable(host: "scripted.test")),
            .online,
        ])
        #expect(service.count { $0 == .stream } == 1)
        await harness.engine.stop()
        #expect(await harness.engine.isLive == false)
    }

    @Test func itFollowsTheStreamAndFallsBackToPollingWhenItDrops() async throws {
        let harness = try await EngineHarness()
        let service = harness.service
        let sleeper = harness.sleeper
        service.offerStream(true)
        service.add(Fixtures.posts(1...2))
        let log = await harness.collectEvents()
        await harness.engine.startLive()
        harness.run()
        #expect(service.streamsOpened == 1)
        #expect(service.calls.count == 4)
        #expect(log.events == [])

        let pushed = Fixtures.post("10")
        let dm = Fixtures.notification("7", kind: .mention, post: Fixtures.post("11", visibility: .direct))
        service.latestStream?.yield(.update(pushed))
        service.latestStream?.yield(.notification(dm))
        service.latestStream?.yield(.delete(postId: "1"))
        harness.run()
        #expect(log.events == [
            .newPosts(timeline: "home", count: 1),
            .notification(dm, urgent: true),
            .postDeleted(id: "1"),
        ])
        #expect(await harness.engine.cached(.home).map(\.id) == ["10", "2"])

        // The user's own post, pushed before the outbox hears it went out, is cached but not news.
        #expect(try await harness.engine.me().id == "1")
        service.latestStream?.yield(.update(Fixtures.post("12", author: "1")))
        service.latestStream?.yield(.delete(postId: "2"))
        harness.run()
        #expect(log.events.count == 4)
        #expect(log.events.last == .postDeleted(id: "2"))
        #expect(await harness.engine.cached(.home).map(\.id) == ["12", "10"])

        // The stream drops: Parla polls and tries the stream again after the back-off (2 s); home catches up
        // from the cursor of the last page the server gave (posts the stream brought, and the user's own,
        // 12, say nothing of what came before them); notifications, whose first page was empty, read their newest.
        service.resetCalls()
        service.latestStream?.finish()
        harness.run()
        #expect(sleeper.requestedDurations == [.seconds(2)])
        #expect(service.calls == [
            .timeline("home", PageRequest.scripted(minId: "2", limit: 5), .home),
            .notifications(PageRequest(limit: 5), .mentions),
        ])
        harness.advance(by: .seconds(2))
        #expect(service.streamsOpened == 2)
        #expect(!log.events.contains { if case .offline = $0 { true } else { false } })
        await harness.engine.stop()
    }

    @Test func actionsUpdateTheCacheAndTellTheScreens() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        var polled = Fixtures.post("3")
        polled.poll = Poll(id: "p1", options: [.init(title: "yes"), .init(title: "no")])
        harness.service.add(Fixtures.posts(1...2) + [polled])
        _ = try await engine.refresh(.home)
        let log = await harness.collectEvents()

        let favourited = try await engine.setFavourited(true, postId: "2")
        #expect(favourited.favourited)
        #expect(try engine.cache.post(id: "2")?.favourited == true)
        let poll = try await engine.vote(pollId: "p1", choices: [0])
        #expect(try engine.cache.post(id: "3")?.poll == poll)
        try await engine.delete(postId: "1")
        #expect(await engine.cached(.home).map(\.id) == ["3", "2"])
        #expect(try await engine.setFollowing(true, accountId: "9").following)
        #expect(try await engine.relationship(accountId: "9").following)
        _ = try await engine.instance()
        _ = try await engine.instance()
        #expect(harness.service.count { $0 == .other("instance") } == 1)
        #expect(harness.service.count { $0 == .other("relationships") } == 0)
        harness.run()
        var polledAfter = polled
        polledAfter.poll = poll
        #expect(log.events == [.postUpdated(favourited), .postUpdated(polledAfter), .postDeleted(id: "1")])
    }

    @Test func outboxEventsReachTheScreens() async throws {
        let harness = try await EngineHarness()
        harness.service.failPublish(with: [.rejected(status: 422, message: "Text is too long")])
        let log = await harness.collectEvents()
        let item = await harness.engine.send(NewPost(text: "long", idempotencyKey: "e1"))
        harness.run()
        let reason = MicroblogError.rejected(status: 422, message: "Text is too long")
        #expect(log.events == [.postFailed(outboxId: item.id, reason: reason)])
        #expect(await harness.engine.outbox().map(\.state) == [.failed])
        await harness.engine.retry(outboxId: item.id)
        harness.run()
        #expect(log.events.count == 2)
        if case .postSent(let id, _) = log.events[1] { #expect(id == item.id) } else { Issue.record("expected postSent") }
        #expect(await harness.engine.outbox() == [])
        await harness.engine.stop()
    }
}
