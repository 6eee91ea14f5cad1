import Foundation
import LocalInstance
@testable import Mastodon
import MastodonAPI
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
import Testing
import TestSupport

@Suite("Faults from the server")
struct FaultTests {
    static let home = API.Timelines.home

    @Test("a GET recovers from two 503s through retries")
    func recoversFrom503() async throws {
        try await withMastodon(faults: FaultPlan(rules: [.init(Self.home, status: 503, times: 2)])) { h in
            let page = try await h.client.timeline(.home, page: PageRequest(limit: 5))
            #expect(page.items.count == 5)
            #expect(h.transport.count(Self.home) == 3)
            #expect((h.sleeper as! JumpingSleeper).requestedDurations == [.milliseconds(500), .seconds(1)])
        }
    }

    @Test("a lasting 503 is a server error after three attempts, said in every language")
    func lasting503() async throws {
        try await withMastodon(faults: FaultPlan(rules: [.init(Self.home, status: 503)])) { h in
            await #expect(throws: MicroblogError.server(status: 503)) { _ = try await h.client.timeline(.home, page: .newest) }
            #expect(h.transport.count(Self.home) == 3)
            let english = try Localizer(language: .english, directory: TestPaths.localization)
            #expect(MicroblogError.server(status: 503).message(english) == "The server had a problem (error 503).")
            #expect(MicroblogError.server(status: 503).message(english, retrying: true) == "The server had a problem (error 503). Parla will try again.")
        }
    }

    @Test("latency is waited out by the server and the answer still arrives")
    func latency() async throws {
        try await withMastodon(faults: FaultPlan(rules: [.init(Self.home, latencyMs: 300)])) { h in
            let page = try await h.client.timeline(.home, page: PageRequest(limit: 3))
            #expect(page.items.count == 3)
            #expect(h.transport.count(Self.home) == 1)
        }
    }

    @Test("a body dropped midway is retried for a GET, and is connectionLost when it keeps happening")
    func droppedMidBody() async throws {
        try await withMastodon(faults: FaultPlan(rules: [.init(Self.home, drop: true, times: 1), .init(API.Misc.markers, drop: true)])) { h in
            let page = try await h.client.timeline(.home, page: PageRequest(limit: 2))
            #expect(page.items.count == 2)
            #expect(h.transport.count(Self.home) == 2)
            await #expect(throws: MicroblogError.connectionLost(host: "127.0.0.1")) { _ = try await h.client.markers() }
            #expect(h.transport.count(API.Misc.markers) == 3)
        }
    }

    @Test("a malformed body is malformedResponse and is not retried")
    func malformedBody() async throws {
        try await withMastodon(faults: FaultPlan(rules: [.init(Self.home, malformed: true)])) { h in
            await #expect(throws: MicroblogError.malformedResponse(detail: "invalid JSON at top level")) {
                _ = try await h.client.timeline(.home, page: .newest)
            }
            #expect(h.transport.count(Self.home) == 1)
            let spanish = try Localizer(language: .spanish, directory: TestPaths.localization)
            #expect(!MicroblogError.malformedResponse(detail: "x").message(spanish).isEmpty)
        }
    }

    @Test("a POST with an idempotency key is retried after a dropped answer and makes exactly one post")
    func idempotentRetry() async throws {
        try await withMastodon(faults: FaultPlan(rules: [.init(API.Statuses.publish, drop: true, times: 1)])) { h in
            let post = try await h.client.publish(NewPost(text: "Sent through a flaky network"))
            #expect(post.content.source.contains("Sent through a flaky network"))
            #expect(h.transport.count(API.Statuses.publish) == 2)
            let home = try await h.client.timeline(.home, page: .newest)
            #expect(home.items.filter { $0.content.source.contains("Sent through a flaky network") }.count == 1)
        }
    }

    @Test("a POST without a key is not retried")
    func nonIdempotentNotRetried() async throws {
        try await withMastodon(faults: FaultPlan(rules: [.init(API.Statuses.favourite, status: 503)])) { h in
            await #expect(throws: MicroblogError.server(status: 503)) { _ = try await h.client.setFavourited(true, postId: "1") }
            #expect(h.transport.count(API.Statuses.favourite) == 1)
        }
    }

    @Test("a server that is not there is unreachable")
    func unreachable() async throws {
        let real = AsyncHTTPTransport()
        let client = MastodonClient(server: URL(string: "http://127.0.0.1:1")!, token: "t", transport: real, budget: RateLimitBudget())
        await #expect(throws: MicroblogError.unreachable(host: "127.0.0.1")) { _ = try await client.currentAccount() }
        try await real.shutdown()
    }

    /// Issue 26, item 8: a name that does not resolve is said as not found, not "cannot reach".
    @Test("a server name that does not resolve is not found")
    func nameNotFound() async throws {
        let real = AsyncHTTPTransport(requestDeadline: .seconds(15))
        let client = MastodonClient(server: URL(string: "https://notaserver.invalid")!, token: "t", transport: real, budget: RateLimitBudget())
        await #expect(throws: MicroblogError.hostNotFound(host: "notaserver.invalid")) { _ = try await client.currentAccount() }
        try await real.shutdown()
        let english = try Localizer(language: .english, directory: TestPaths.localization)
        #expect(MicroblogError.hostNotFound(host: "notaserver.invalid").message(english)
            == "No server called notaserver.invalid was found. Check the address, or the network.")
    }
}
