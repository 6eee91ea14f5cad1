import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 27, Deliver 3: with no account, `parla --network bluesky` runs the whole screen app offline on the
/// embedded instance's AT Protocol face: the same community, read through Bluesky's module, in its words.
@Suite(.serialized) struct BlueskyDemoEndToEndTests {
    @Test func withNoAccountNetworkBlueskyReadsTheEmbeddedCommunityThroughATProtocol() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command("--network bluesky"))
        defer { session.close() }
        let screen = try await session.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("▶ Posts 1 of") } }
        // Handles are Bluesky's, the toolbar says Repost and Like, and no custom emoji shortcode is left.
        #expect(screen.contains { $0.contains("[Parla Tips @parlatips.parla.test]") }, "\(screen)")
        #expect(screen.contains { $0.contains("[ ] Repost") && $0.contains("[ ] Like") }, "\(screen)")
        #expect(!screen.joined().contains(":parla:"), "\(screen)")
        try session.send("Down")
        _ = try await session.waitFor { $0.contains { $0.hasPrefix("   > Tom Whitaker:") } }
        try session.send("f")
        try await eventually("the like said", timeout: .seconds(20), every: .milliseconds(50)) { app.spoken().contains("Liked") }
        try await session.quit()
        // Its cache is its own: the Mastodon demo's folder is not used.
        let accounts = app.dataDir.appendingPathComponent("accounts")
        let folders = try FileManager.default.contentsOfDirectory(atPath: accounts.path).sorted()
        #expect(folders == ["local-bluesky"], "\(folders)")
    }

    @Test func anUnknownNetworkIsAUsageErrorThatNamesTheNetworks() throws {
        let result = try AppDriver().line(["--network", "gopher", "--line"])
        #expect(result.status == 2)
        #expect(result.errors == "parla: There is no network called gopher. Choose one of: mastodon, bluesky. See parla --help.\n")
    }
}
