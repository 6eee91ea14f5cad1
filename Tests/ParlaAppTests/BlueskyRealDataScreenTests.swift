import Bluesky
import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
import ServiceHTTP
import ServiceHTTPTesting
import TerminalKit
import Testing

/// Issue 27, real data on the screen: what the live Bluesky network sent (a thread captured by the atproto
/// SDK's tests: a post with an image without alt and a quote; a home page from the AppView's snapshots) is read
/// by ``BlueskyClient`` from HTTP answers and shown and said by the app as it is.
@Suite struct BlueskyRealDataScreenTests {
    /// A fixture of `Tests/BlueskyTests/Fixtures`.
    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BlueskyTests/Fixtures").appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The posts the Bluesky client reads from the fixtures: the captured thread's post, then the home page.
    static func realPosts() async throws -> [Post] {
        let thread = try fixture("thread-images-quote.json"), timeline = try fixture("timeline.json")
        let transport = ScriptedTransport { request in
            switch String(request.url.path.dropFirst("/xrpc/".count)) {
            case "app.bsky.feed.getPostThread": HTTPResponse.json(thread)
            case "app.bsky.feed.getTimeline": HTTPResponse.json(timeline)
            default: HTTPResponse.json(#"{"error":"MethodNotImplemented","message":"not here"}"#, status: 501)
            }
        }
        let client = BlueskyClient(
            session: BlueskySession(accessJwt: "a", refreshJwt: "r", did: "did:plc:me", handle: "me.bsky.social", service: "https://pds.example"),
            transport: transport, budget: RateLimitBudget())
        let captured = try await client.thread(id: "at://did:plc:kvwvcn5iqfooopmyzvb4qzba/app.bsky.feed.post/3kaheyt6vpc22")
        let home = try await client.timeline(TimelineKind.home, page: PageRequest())
        return [captured.post] + home.items
    }

    @Test func aCapturedBlueskyThreadWithAnImageAndAQuoteIsShownAndSaidAsItIs() async throws {
        let posts = try await Self.realPosts()
        let service = ScriptedService()
        var bluesky = InstanceInfo(domain: "bsky.social", title: "Bluesky", version: "1", maxCharacters: 300, maxMediaAttachments: 4)
        bluesky.network = .bluesky
        service.setInstance(bluesky)
        service.setCurrentAccount(me)
        let h = try AppHarness(engine: MemoryAccountEngine(timelines: ["home": posts], service: service))
        await h.open()
        // The captured post: its quote and its image without alt text, shown and said; a like is a Like.
        #expect(h.lines == [
            " Home · main",
            " ------------------------------------------------------------------------------",
            "   [Python SDK @test.marshal.dev]         Time: 2 y ago",
            "   [Quoting Python SDK: test]",
            "",
            "   [Image without description]",
            "",
            "",
            "   [ ] Repost    [Reply]    [ ] Like    [ ] Bookmark    [Thread]    [Refresh]",
            "",
            " > Posts 1 of 6",
            "   > Python SDK: [Quoting Python SDK: test] [Image without description]",
            "     dan.test reposted ali, replying: thanks bob",
            "     carol.test reposted dan.test: @alice.bluesky.xyz is the best [Quoting c...",
            "     bobby, replying: hear that label_me label_me_2 [Image: ../dev-env/asset...",
            "     carol.test: hi im carol [Quoting bobby: bob back at it again!] [Image:...",
            "     ali: hey there",
            "",
            "",
            "",
            "",
            "   You are in Home · 1 of 6",
            " ------------------------------------------------------------------------------",
            "   [About]            [Info]             [Details]          [New post]",
        ])
        #expect(h.texts == [
            "Home · main. Posts, wheel list, 1 of 6. Python SDK: Quoting Python SDK, 1 image without description. 2 years ago. "
                + "Up and Down move, Right reads the rest, Enter chooses.",
        ])
        // The home page's repost is said as one, with who reposted whom.
        h.speech.clear()
        await h.press(.down)
        #expect(h.texts.first?.hasPrefix("dan.test reposted ali, replying: thanks bob") == true, "\(h.texts)")
    }
}
