import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
@testable import ParlaEngine
import Testing

/// What the engine reads beyond its cache brings the cached copies up to date.
@Suite struct EngineReadingTests {
    /// Post 2 as another client left it: favourited once.
    static var favouritedElsewhere: Post {
        var post = Fixtures.post("2")
        post.favourited = true
        post.favouritesCount = 1
        return post
    }

    @Test func aPostReadFromTheServerReplacesItsCachedCopy() async throws {
        let harness = try await EngineHarness()
        harness.service.add(Fixtures.posts(1...3))
        _ = try await harness.engine.refresh(.home)
        harness.service.replace(Self.favouritedElsewhere)
        #expect(await harness.engine.cached(.home).map(\.favouritesCount) == [0, 0, 0])
        let read = try await harness.engine.post(id: "2")
        #expect(read.favourited)
        #expect(await harness.engine.cached(.home).map(\.favouritesCount) == [0, 1, 0])
    }

    /// Issue 26 item 21: a post that comes again on a page in a newer shape replaces the older everywhere:
    /// the screens are told (`postUpdated`), once, and a page that brings nothing new tells nothing.
    @Test func aPostReadAgainInANewerShapeIsShownSoEverywhereOnce() async throws {
        let harness = try await EngineHarness()
        harness.service.add(Fixtures.posts(1...3))
        _ = try await harness.engine.refresh(.home)
        let events = await harness.collectEvents()
        var edited = Fixtures.post("2", text: "post 2, edited")
        edited.editedAt = Date(timeIntervalSince1970: 1_700_000_100)
        edited.card = LinkCard(url: "https://news.example/a", title: "The news", providerName: "News")
        harness.service.replace(edited)
        _ = try await harness.engine.page(.home, PageRequest(limit: 5))
        _ = try await harness.engine.page(.home, PageRequest(limit: 5))
        harness.run()
        #expect(events.events == [.postUpdated(edited)])
        #expect(await harness.engine.cached(.home).map(\.content.source) == ["post 3", "post 2, edited", "post 1"])
    }

    @Test func aPageReadFromTheServerReplacesCachedCopiesAndAddsNothing() async throws {
        let harness = try await EngineHarness()
        harness.service.add(Fixtures.posts(1...3))
        _ = try await harness.engine.refresh(.home)
        harness.service.replace(Self.favouritedElsewhere)
        harness.service.add(Fixtures.posts(4...4))
        let page = try await harness.engine.page(.home, PageRequest(limit: 5))
        #expect(page.items.map(\.id) == ["4", "3", "2", "1"])
        #expect(await harness.engine.cached(.home).map(\.id) == ["3", "2", "1"])
        #expect(await harness.engine.cached(.home).map(\.favourited) == [false, true, false])
    }

    @Test func relationshipsReadAreRemembered() async throws {
        let harness = try await EngineHarness()
        #expect(try await harness.engine.relationships(accountIds: ["5", "6"]).map(\.id) == ["5", "6"])
        #expect(try await harness.engine.relationship(accountId: "6").id == "6")
        #expect(harness.service.count { $0 == .other("relationships") } == 1)
    }
}
