import Foundation
import GRDB
import MicroblogKit
@testable import ParlaEngine
import MicroblogKitTesting
import Testing

@Suite struct TimelineCacheTests {
    @Test func postsComeNewestFirstInServerOrderAndSurviveReopening() throws {
        let path = temporaryFolder().appendingPathComponent("accounts/ana/cache.sqlite3").path
        do {
            let cache = try TimelineCache(path: path)
            // The server's order, newest first: ids are never sorted.
            let added = try cache.insert(["9", "100", "11", "10", "109735945281234567"].map { Fixtures.post($0) }, into: "home")
            #expect(added == 5)
            #expect(try cache.insert([Fixtures.post("11")], into: "home") == 0)
            let journal = try cache.pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
            #expect(journal == "wal")
        }
        let cache = try TimelineCache(path: path)
        #expect(try cache.posts("home").map(\.id) == ["9", "100", "11", "10", "109735945281234567"])
        #expect(try cache.posts("home", limit: 2, olderThan: "100").map(\.id) == ["11", "10"])
        #expect(try cache.newestId("home") == "9")
        #expect(try cache.oldestId("home") == "109735945281234567")
        #expect(try cache.countNewer(than: "10", in: "home") == 3)
        #expect(try cache.post(id: "11")?.content == .plain("post 11"))
        #expect(try cache.account(id: "2")?.acct == "user2")
        #expect(try cache.posts("local") == [])
    }

    @Test func eachTimelineKeepsOnlyItsNewestPosts() throws {
        let cache = try TimelineCache(path: temporaryFolder().appendingPathComponent("c.sqlite3").path,
                                      configuration: .init(maxPostsPerTimeline: 5))
        try cache.insert(Fixtures.posts(1...8).reversed(), into: "home")
        try cache.insert(Fixtures.posts(3...4).reversed(), into: "local")
        #expect(try cache.posts("home").map(\.id) == ["8", "7", "6", "5", "4"])
        #expect(try cache.count("home") == 5)
        // Posts no timeline holds any more are gone; post 3 stays for the local timeline.
        #expect(try cache.post(id: "1") == nil)
        #expect(try cache.post(id: "2") == nil)
        #expect(try cache.post(id: "3") != nil)
        try cache.insert(Fixtures.posts(9...10).reversed(), into: "home")
        #expect(try cache.posts("home").map(\.id) == ["10", "9", "8", "7", "6"])
    }

    @Test func gapsAreRecordedNarrowedFilledAndTrimmedAway() throws {
        let cache = try TimelineCache(path: temporaryFolder().appendingPathComponent("c.sqlite3").path,
                                      configuration: .init(maxPostsPerTimeline: 6))
        try cache.insert(Fixtures.posts(1...2).reversed(), into: "home")
        try cache.insert(Fixtures.posts(10...11).reversed(), into: "home")
        let gap = try cache.addGap(timeline: "home", newerId: "10", olderId: "2", cursor: "max_id=10")
        #expect(try cache.gaps("home") == [TimelineCache.Gap(id: gap.id, timeline: "home", newerId: "10", olderId: "2", cursor: "max_id=10")])
        try cache.insert(Fixtures.posts(8...9).reversed(), into: "home", at: .below("10"))
        try cache.narrowGap(id: gap.id, newerId: "8", cursor: "max_id=8")
        #expect(try cache.gap(id: gap.id)?.newerId == "8")
        #expect(try cache.gap(id: gap.id)?.cursor == "max_id=8")
        #expect(try cache.posts("home").map(\.id) == ["11", "10", "9", "8", "2", "1"])
        #expect(try cache.gaps("local") == [])
        // Two more posts push 1 and 2 out: the gap reached below them, so it goes too.
        try cache.insert(Fixtures.posts(12...13).reversed(), into: "home")
        #expect(try cache.oldestId("home") == "8")
        #expect(try cache.gaps("home") == [])
        let second = try cache.addGap(timeline: "home", newerId: "12", olderId: "11", cursor: nil)
        try cache.removeGap(id: second.id)
        #expect(try cache.gaps("home") == [])
    }

    @Test func readPositionIsSavedAndReloadedAfterReopening() throws {
        let path = temporaryFolder().appendingPathComponent("c.sqlite3").path
        let updated = Date(timeIntervalSince1970: 1_700_000_123)
        do {
            let cache = try TimelineCache(path: path)
            try cache.setReadPosition(.init(timeline: "home", lastReadId: "105", serverVersion: 7, serverUpdatedAt: updated, needsUpload: true))
        }
        let cache = try TimelineCache(path: path)
        let position = try cache.readPosition("home")
        #expect(position == TimelineCache.ReadPosition(timeline: "home", lastReadId: "105", serverVersion: 7, serverUpdatedAt: updated, needsUpload: true))
        #expect(try cache.readPosition("notifications") == nil)
    }

    @Test func updatesReachBoostsAndNotificationsAndDeletesRemoveBoosts() throws {
        let cache = try TimelineCache(path: temporaryFolder().appendingPathComponent("c.sqlite3").path)
        let original = Fixtures.post("5")
        let boost = Post(id: "6", createdAt: original.createdAt, account: Fixtures.account("4"), content: .empty, reblog: original)
        try cache.insert([original, boost], into: "home")
        try cache.insert([Fixtures.notification("50", kind: .favourite, post: original)])
        var favourited = original
        favourited.favourited = true
        #expect(try cache.update(favourited))
        #expect(try cache.post(id: "5")?.favourited == true)
        #expect(try cache.post(id: "6")?.shown.favourited == true)
        #expect(try cache.notifications().first?.post?.favourited == true)
        try cache.deletePost(id: "5")
        #expect(try cache.posts("home") == [])
    }

    @Test func notificationsAreOrderedBoundedAndCountedAsMentionsAndDirect() throws {
        let cache = try TimelineCache(path: temporaryFolder().appendingPathComponent("c.sqlite3").path,
                                      configuration: .init(maxNotifications: 4))
        let added = try cache.insert([
            Fixtures.notification("11", kind: .mention, post: Fixtures.post("92")),
            Fixtures.notification("10", kind: .mention, post: Fixtures.post("91", visibility: .direct)),
            Fixtures.notification("9", kind: .mention, post: Fixtures.post("90")),
            Fixtures.notification("8", kind: .follow),
            Fixtures.notification("7", kind: .favourite),
        ])
        #expect(added == 5)
        #expect(try cache.notifications().map(\.id) == ["11", "10", "9", "8"])
        #expect(try cache.notificationBounds().newest == "11")
        let all = try cache.countMentions(newerThan: nil)
        #expect(all?.mentions == 2 && all?.direct == 1)
        let unread = try cache.countMentions(newerThan: "9")
        #expect(unread?.mentions == 1 && unread?.direct == 1)
        #expect(try cache.countMentions(newerThan: "6") == nil)
    }
}
