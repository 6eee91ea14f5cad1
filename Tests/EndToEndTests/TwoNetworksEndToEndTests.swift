import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 27, one person on two networks: a Mastodon account and a Bluesky account of the same person on the
/// one embedded instance (REST and XRPC on one port, behind a proxy that records what is sent). `--account`
/// chooses the one that opens, Go to switches to the other, and a post written on each goes to its own
/// network once; each account keeps its own cache.
@Suite(.serialized) struct TwoNetworksEndToEndTests {
    /// Writes a post on the screen open now and waits until it is said to be sent.
    static func post(_ text: String, _ session: TmuxSession, _ app: AppDriver) async throws -> String? {
        try session.send("c")
        _ = try await session.waitFor { $0.first?.contains("New post") == true }
        try session.send("-l", text)
        _ = try await session.waitFor { $0.joined().contains(text) }
        try session.send("F3")
        _ = try await session.waitFor { $0.last?.contains("▶ [Send]") == true }
        let before = app.spoken().count
        try session.send("Enter")
        let sent = await app.waitForSpeech(session, after: before, timeout: .seconds(30)) { $0.hasPrefix("Sent: ") }
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Posts") } }
        return sent
    }

    /// The ids of the posts the cache holds of the account whose folder name begins with `prefix` (read with
    /// the sqlite3 program).
    static func cachedIds(_ app: AppDriver, accountFolder prefix: String) throws -> [String] {
        let accounts = app.dataDir.appendingPathComponent("accounts")
        let folders = try FileManager.default.contentsOfDirectory(atPath: accounts.path).filter { $0.hasPrefix(prefix) }
        #expect(folders.count == 1, "\(folders)")
        let path = accounts.appendingPathComponent(try #require(folders.first)).appendingPathComponent("cache.sqlite3").path
        let result = try Command.run(["sqlite3", path, "SELECT id FROM posts"], environment: TestEnvironment.forParla)
        #expect(result.status == 0, "\(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func aMastodonAndABlueskyAccountSideBySideEachPostToTheirOwnNetworkOnceAndKeepTheirOwnCache() async throws {
        let server = try ServeProcess()
        defer { server.stop() }
        let port = try #require(server.url.split(separator: ":").last.flatMap { Int($0) })
        let proxy = try RecordingProxy(target: port)
        defer { proxy.stop() }
        let app = AppDriver()
        let mastodon = try app.line(["login", proxy.url, "--token", server.token])
        #expect(mastodon.status == 0, "\(mastodon.errors)")
        let bluesky = try BlueskyScreenEndToEndTests.loginBluesky(app, url: proxy.url, token: server.token)
        let host = proxy.url.replacingOccurrences(of: "http://", with: "")
        let mastodonName = "owner@" + host
        #expect(bluesky == "owner.parla.test@" + host)

        // --account opens the Bluesky account though the Mastodon one was stored first.
        let session = try TmuxSession(width: 80, height: 24, command: app.command("--rate 450 --account \(bluesky)"))
        defer { session.close() }
        let home = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        #expect(home.first == " Home · \(bluesky)", "\(home)")
        #expect(home.contains { $0.contains("[ ] Like") }, "\(home)")
        let fromBluesky = try await Self.post("Written on Bluesky", session, app)
        #expect(fromBluesky == "Sent: Written on Bluesky.", "\(app.spoken().suffix(4))")

        // Go to, then the other account: Mastodon's words come back with it.
        try session.send("g")
        _ = try await session.waitFor { $0.first?.contains("Go to") == true }
        try session.send("S", "w")
        #expect(await app.waitForSpeech(session) { $0 == "Switch to account \(mastodonName)" } != nil, "\(app.spoken().suffix(3))")
        let before = app.spoken().count
        try session.send("Enter")
        let switched = try await session.waitFor(timeout: .seconds(20)) { $0.first == " Home · \(mastodonName)" && $0.contains { $0.contains("▶ Posts") } }
        #expect(await app.waitForSpeech(session, after: before) { $0.hasPrefix("Home · \(mastodonName). Posts, wheel list,") } != nil)
        #expect(switched.contains { $0.contains("[ ] Favourite") && $0.contains("[ ] Boost") }, "\(switched)")
        try await session.expectCursorOnFocus("switched")
        // F1 too: the key help speaks Mastodon's words again.
        try session.send("F1")
        _ = try await session.waitFor { $0.first?.contains("Help") == true }
        let key = try await BlueskyScreenEndToEndTests.press(session, app, "f") { $0.hasPrefix("f: ") }
        #expect(key?.hasPrefix("f: favourite or unfavourite the post, ") == true, "\(key ?? "")")
        try session.send("Escape")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Posts") } }
        let fromMastodon = try await Self.post("Written on Mastodon", session, app)
        #expect(fromMastodon == "Sent: Written on Mastodon.", "\(app.spoken().suffix(4))")
        try await session.quit()

        // Each post went once, to its own network's face.
        let requests = PredictionEndToEndTests.requests(in: proxy.recorded)
        let statuses = requests.filter { $0.line.hasPrefix("POST /api/v1/statuses ") }
        #expect(statuses.count == 1, "\(requests.map(\.line))")
        #expect(statuses.first?.body.replacingOccurrences(of: "+", with: " ").removingPercentEncoding?.contains("status=Written on Mastodon") == true)
        let records = requests.filter { $0.line.hasPrefix("POST /xrpc/com.atproto.repo.createRecord ") && $0.body.contains("app.bsky.feed.post") }
        #expect(records.count == 1, "\(requests.map(\.line))")
        #expect(records.first?.body.contains("Written on Bluesky") == true)
        #expect(!statuses.contains { $0.body.contains("Bluesky") } && !records.contains { $0.body.contains("Written on Mastodon") })

        // Each cache is its own: Mastodon's holds its ids, Bluesky's its at:// addresses, both the posts they read.
        let mastodonIds = try Self.cachedIds(app, accountFolder: "owner@")
        let blueskyIds = try Self.cachedIds(app, accountFolder: "owner.parla.test@")
        #expect(!mastodonIds.isEmpty && !blueskyIds.isEmpty)
        #expect(mastodonIds.allSatisfy { !$0.hasPrefix("at://") }, "\(mastodonIds.filter { $0.hasPrefix("at://") })")
        #expect(blueskyIds.allSatisfy { $0.hasPrefix("at://did:") }, "\(blueskyIds.filter { !$0.hasPrefix("at://") })")
    }
}
