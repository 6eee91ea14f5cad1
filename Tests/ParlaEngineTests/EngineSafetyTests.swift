import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
import ParlaBaseTesting
@testable import ParlaEngine
import Testing

/// A block or a mute takes the account's posts out of the cached timelines at once, and the scripted
/// server keeps them out; a mute with a duration ends on the clock.
@Suite struct EngineSafetyTests {
    static func boost(_ id: String, of post: Post, by author: String) -> Post {
        Post(id: id, createdAt: post.createdAt.addingTimeInterval(1), account: Fixtures.account(author), content: .empty, reblog: post)
    }

    @Test func aBlockedAccountsPostsLeaveEveryCachedTimelineAtOnce() async throws {
        let harness = try await EngineHarness()
        let theirs = Fixtures.post("2", author: "3")
        let posts = [Fixtures.post("5", author: "3"), Fixtures.post("4"), Self.boost("3", of: theirs, by: "2"), theirs, Fixtures.post("1")]
        harness.service.add(posts)
        harness.service.add(posts, to: "local")
        harness.service.add(posts.filter { $0.account.id == "3" }, to: "user:3")
        harness.service.add([Fixtures.notification("7", kind: .favourite, from: "3"), Fixtures.notification("6", kind: .follow, from: "4")])
        for kind in [TimelineKind.home, .local, .user(accountId: "3")] { _ = try await harness.engine.refresh(kind) }
        _ = try await harness.engine.refreshNotifications()
        let deleted = LockedEvents()
        harness.engine.observe { if case .postDeleted(let id) = $0 { deleted.append(id) } }

        let relationship = try await harness.engine.setBlocked(true, accountId: "3")

        #expect(relationship.blocking)
        #expect(try await harness.engine.relationship(accountId: "3").blocking)
        #expect(await harness.engine.cached(.home).map(\.id) == ["4", "1"])
        #expect(await harness.engine.cached(.local).map(\.id) == ["4", "1"])
        // Their own posts stay where one goes to read them.
        #expect(await harness.engine.cached(.user(accountId: "3")).map(\.id) == ["5", "2"])
        #expect(await harness.engine.cachedNotifications().map(\.id) == ["6"])
        #expect(Set(deleted.ids) == ["5", "3", "2"])
        #expect(harness.service.safetyState.blocks == ["3"])
        // The server leaves them out too: a refresh brings nothing of theirs back.
        let page = try await harness.engine.page(.home, PageRequest(limit: 5))
        #expect(page.items.map(\.id) == ["4", "1"])
    }

    @Test func aMuteForAnHourEndsOnTheClock() async throws {
        let harness = try await EngineHarness()
        let clock = ManualClock()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        harness.service.setSafetyClock { start.addingTimeInterval(Double(clock.now().milliseconds) / 1000) }
        harness.service.add([Fixtures.post("2", author: "3"), Fixtures.post("1")])
        _ = try await harness.engine.refresh(.home)

        let muted = try await harness.engine.setMuted(true, accountId: "3", notifications: false, duration: .oneHour)
        #expect(muted.muting && !muted.mutingNotifications)
        #expect(await harness.engine.cached(.home).map(\.id) == ["1"])
        let mutes = try await harness.engine.mutes(page: .newest)
        #expect(mutes.items.map(\.id) == ["3"])
        #expect(mutes.items.first?.expiresAt == start.addingTimeInterval(3600))

        clock.advance(by: .seconds(3599))
        #expect(try await harness.service.relationships(accountIds: ["3"]).first?.muting == true)
        clock.advance(by: .seconds(1))
        #expect(try await harness.service.relationships(accountIds: ["3"]).first?.muting == false)
        #expect(try await harness.engine.mutes(page: .newest).items.isEmpty)
        #expect(try await harness.engine.page(.home, PageRequest(limit: 5)).items.map(\.id) == ["2", "1"])
    }
}

/// Ids handed over by the engine's observer (on the task that emits them).
final class LockedEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ id: String) { lock.withLock { stored.append(id) } }
    var ids: [String] { lock.withLock { stored } }
}
