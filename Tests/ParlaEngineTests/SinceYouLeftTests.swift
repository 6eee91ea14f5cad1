import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
@testable import ParlaEngine
import Testing
import TestSupport

/// The "since you left" digest said at start: only what others wrote above the place the user left.
@Suite struct SinceYouLeftTests {
    /// Posts by someone else (author 3), numbered `range`, newest first as a page gives them.
    func othersPosts(_ range: ClosedRange<Int>) -> [Post] {
        range.reversed().map { Fixtures.post(String($0), author: "3") }
    }

    @Test func aFirstRunWithNoSavedPositionSaysNoSinceYouLeftEvenForTheUsersOwnPost() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        try engine.cache.insert(othersPosts(1...5), into: "home")
        try engine.cache.insert([Fixtures.notification("101", kind: .mention, post: Fixtures.post("50", author: "3"))])
        let sent = try await engine.sendNow(NewPost(text: "My first post"))
        guard case .sent(_, let mine) = sent else { Issue.record("not sent: \(sent)"); return }
        #expect(try engine.cache.posts("home", limit: 1).map(\.id) == [mine.id])
        let digest = await engine.digest()
        #expect(digest == SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0))
        #expect(digest.spoken(TestLocalization.localizer(.english)) == nil)
    }

    @Test func theUsersOwnPostsAboveThePlaceLeftAreNeverCountedAsNew() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        try engine.cache.insert(othersPosts(1...5), into: "home")
        await engine.markRead(.home, postId: "5")
        // The user writes one post, then someone else does: one is new since they left.
        _ = try await engine.sendNow(NewPost(text: "Mine"))
        try engine.cache.insert(othersPosts(6...6), into: "home")
        let english = TestLocalization.localizer(.english)
        #expect(await engine.digest().spoken(english) == "Since you left: 1 new post in home.")

        // The next start knows the user's posts before any call: the author of the post sent was kept with the cache.
        let restarted = try await Engine.open(accountFolder: harness.folder, service: harness.service, clock: harness.clock,
                                              sleeper: harness.sleeper, executor: harness.executor)
        #expect(try restarted.cache.ownAccountId() == "2")
        #expect(await restarted.digest().spoken(english) == "Since you left: 1 new post in home.")
    }

    @Test func theAccountTheServerNamesIsKeptAsTheUsersOwn() async throws {
        let harness = try await EngineHarness()
        harness.service.setCurrentAccount(Fixtures.account("7"))
        #expect(try harness.engine.cache.ownAccountId() == nil)
        _ = try await harness.engine.me()
        #expect(try harness.engine.cache.ownAccountId() == "7")
    }
}
