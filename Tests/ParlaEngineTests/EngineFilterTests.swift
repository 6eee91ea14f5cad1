import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
@testable import ParlaEngine
import TestSupport
import Testing

/// Posts a server filter hides are neither shown nor read, and how many there are is known.
@Suite struct EngineFilterTests {
    static func filtered(_ id: String, _ action: FilterAction) -> Post {
        var post = Fixtures.post(id)
        post.filtered = [FilterMatch(title: "Spoilers", action: action)]
        return post
    }

    @Test func hiddenPostsAreLeftOutOfCachedTimelinesButCounted() async throws {
        let harness = try await EngineHarness()
        harness.service.add([Fixtures.post("4"), Self.filtered("3", .hide), Self.filtered("2", .warn), Fixtures.post("1")])
        #expect(try await harness.engine.refresh(.home).newCount == 4)
        #expect(await harness.engine.cached(.home).map(\.id) == ["4", "2", "1"])
        #expect(await harness.engine.cached(.home, olderThan: "4", limit: 5).map(\.id) == ["2", "1"])
        #expect(await harness.engine.hiddenByFilters(.home) == 1)
        // A page read past the cache keeps them, marked, for the reader to count (line mode says how many).
        let page = try await harness.engine.page(.home, PageRequest(limit: 5))
        #expect(page.items.map(\.isHiddenByFilter) == [false, true, false, false])
    }

    @Test func aHiddenPostStreamedInIsNotAnnounced() async throws {
        let harness = try await EngineHarness()
        let events = await harness.collectEvents()
        await harness.engine.handle(.update(Self.filtered("7", .hide)))
        await harness.engine.handle(.update(Fixtures.post("8")))
        #expect(await harness.engine.hiddenByFilters(.home) == 1)
        harness.run()
        #expect(events.events == [.newPosts(timeline: "home", count: 1)])
    }
}
