import Foundation
import MicroblogKit
import MicroblogKitTesting
@testable import ParlaEngine
import Testing

/// Issue 26 item 12: after the server came back, home held only the user's own post and a refresh said "No
/// new posts": the post the outbox put in home was taken as the newest read, so the catch-up started above
/// it. It starts from the cursor of the last page the server gave, and the server's page puts the user's
/// post where it belongs among the others'.
@Suite struct OwnPostCatchUpTests {
    static func others(_ range: ClosedRange<Int>) -> [Post] { range.map { Fixtures.post(String($0), author: "5") } }

    @Test func aPostSentAfterATimeOfflineDoesNotHideWhatOthersPostedMeanwhile() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        harness.service.add(Self.others(1...3))
        _ = try await engine.refresh(.home)
        // Away: others wrote 4 to 6; the user's post waited in the outbox and goes out when the server is back.
        harness.service.add(Self.others(4...6))
        _ = await engine.send(NewPost(text: "Back online"))
        harness.run()
        #expect(await engine.cached(.home).map(\.id) == ["900001", "3", "2", "1"])
        let refreshed = try await engine.refresh(.home)
        #expect(refreshed.newCount == 3)
        #expect(await engine.cached(.home).map(\.id) == ["900001", "6", "5", "4", "3"])
    }

    @Test func aPostSentBeforeHomeWasEverReadLeavesHomeToBeFetchedWhole() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        harness.service.add(Self.others(1...3))
        _ = await engine.send(NewPost(text: "First words, offline"))
        harness.run()
        #expect(await engine.cached(.home).map(\.id) == ["900001"])
        let refreshed = try await engine.refresh(.home)
        // Fetched whole, but not told as new: they came before the user's post, on a first reading (a line-mode
        // post before the screen's first start said "35 new posts in Home").
        #expect(refreshed.newCount == 0)
        #expect(await engine.cached(.home).map(\.id) == ["900001", "3", "2", "1"])
    }

    @Test func postsOthersWroteAfterTheUsersFirstPostAreToldAsNew() async throws {
        let harness = try await EngineHarness()
        let engine = harness.engine
        _ = await engine.send(NewPost(text: "First words"))
        harness.run()
        harness.service.add((900_101...900_103).map { Fixtures.post(String($0), author: "5") })
        let refreshed = try await engine.refresh(.home)
        #expect(refreshed.newCount == 3)
        #expect(await engine.cached(.home).map(\.id) == ["900103", "900102", "900101", "900001"])
    }
}
