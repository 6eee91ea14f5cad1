import Foundation
import LocalInstance
import Mastodon
import MastodonAPI
import MastodonTesting
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
import ParlaEngine
import TestSupport

/// Issue 6's "must show" scenario: how many requests Parla needs for a morning's reading, against a
/// naive client, both over real HTTP to a local instance with Mastodon's default limit (300 per 5 min).
///
/// The session: cold start and read 200 home posts; open 5 profiles (account and relationship); list
/// the followers of an account with 400 followers with the relationship of each; post 3 replies; then
/// 10 simulated minutes with a new post arriving every minute.
///
/// Parla: ``Engine`` over ``MastodonClient`` (largest pages, relationships 40 per call, one stream).
/// Naive: the server's default page size (20), one relationship call per account, home polled every 30 s.
public enum RequestCountScenario {
    /// What each client sent and how many 429s it got.
    public struct Counts: Sendable, CustomStringConvertible {
        public var parla: Int
        public var naive: Int
        public var parlaTooMany: Int
        public var naiveTooMany: Int
        /// Naive requests per Parla request (`scenario_requests_ratio`).
        public var ratio: Double { parla == 0 ? 0 : Double(naive) / Double(parla) }

        public var description: String {
            "scenario requests: Parla \(parla) (429s: \(parlaTooMany)), naive \(naive) (429s: \(naiveTooMany)), ratio \(String(format: "%.2f", ratio))"
        }
    }

    static let followersOf = "lucia"
    static let profiles = ["tom", "marta", "amara", "jordi", "nora"]

    /// Runs both clients, each against its own fresh instance (takes a few seconds of real time).
    public static func run() async throws -> Counts {
        let parla = try await runParla()
        let naive = try await runNaive()
        return Counts(parla: parla.0, naive: naive.0, parlaTooMany: parla.1, naiveTooMany: naive.1)
    }

    /// A fresh instance on a manual clock with 200 extra home posts and 400 followers for ``followersOf``.
    static func startInstance(clock: ManualClock) async throws -> RunningInstance {
        let instance = try await LocalInstance.start(InstanceConfiguration(
            dataDirectory: nil, rateLimit: .mastodonDefault, clock: InstanceClock(epoch: testEpoch, tick: clock), streamingHeartbeat: nil))
        try instance.seedPosts(count: 200, author: "tom", text: "Morning post")
        try instance.seedFollowers(of: followersOf, count: 400)
        return instance
    }

    /// Parla's requests and 429s.
    static func runParla() async throws -> (Int, Int) {
        let clock = ManualClock()
        let instance = try await startInstance(clock: clock)
        let real = AsyncHTTPTransport()
        let transport = RecordingTransport(real)
        let jumping = JumpingSleeper(clock: clock)
        let budget = RateLimitBudget(now: { testEpoch.addingTimeInterval(Double(clock.now().milliseconds) / 1000) }, sleeper: jumping)
        let client = MastodonClient(
            server: URL(string: instance.baseURL)!, token: instance.ownerToken, transport: transport, budget: budget, sleeper: jumping,
            maxWait: .seconds(300))
        let engineSleeper = ManualSleeper(clock: clock)
        let engine = try await Engine.open(
            accountFolder: TestPaths.temporaryDirectory("scenario"), service: client, clock: clock, sleeper: engineSleeper)
        let events = EventCounter(await engine.events())
        do {
            // Cold start: read 200 home posts.
            _ = try await engine.refresh(.home)
            while await engine.cached(.home).count < 200 {
                guard try await engine.loadOlder(.home) > 0 else { break }
            }
            // Five profiles: each account, and the relationships in one call.
            var ids: [String] = []
            for name in profiles { ids.append(try await client.lookup(acct: name).id) }
            for id in ids { _ = try await client.account(id: id) }
            _ = try await client.relationships(accountIds: ids)
            // Followers of an account with 400 followers, with every relationship.
            let target = try await client.lookup(acct: followersOf)
            var followers: [Account] = []
            var page = try await client.followers(accountId: target.id, page: .newest)
            followers += page.items
            while let older = page.older, !page.items.isEmpty {
                page = try await client.followers(accountId: target.id, page: older)
                followers += page.items
            }
            _ = try await client.relationships(accountIds: followers.map(\.id))
            // Three replies.
            let parent = await engine.cached(.home)[0]
            for index in 1...3 { _ = await engine.send(NewPost(text: "Reply \(index)", inReplyToId: parent.id)) }
            try await eventually("three replies sent") { events.sent >= 3 }
            // Ten minutes live: one stream; a new post every minute.
            await engine.startLive()
            try await eventually("the stream to connect") { instance.streamingClients == 1 }
            for minute in 1...10 {
                try instance.publish(as: "tom", text: "Live post \(minute)")
                try await eventually("live post \(minute)") { events.newPosts >= minute }
                engineSleeper.advance(by: .seconds(60))
            }
            await engine.stop()
        } catch {
            await engine.stop()
            try? await real.shutdown()
            await instance.stop()
            throw error
        }
        try await real.shutdown()
        await instance.stop()
        return (transport.count, transport.tooManyRequests)
    }

    /// The naive client's requests and 429s.
    static func runNaive() async throws -> (Int, Int) {
        let clock = ManualClock()
        let instance = try await startInstance(clock: clock)
        let real = AsyncHTTPTransport()
        let transport = RecordingTransport(real)
        let naive = NaiveClient(base: instance.baseURL, token: instance.ownerToken, transport: transport)
        do {
            // Cold start: 200 home posts at the default 20 a page.
            var home: [[String: Any]] = []
            var next: String? = API.Timelines.home.target
            while home.count < 200, let path = next {
                let (items, older) = try await naive.list(path)
                home += items
                next = items.isEmpty ? nil : older
            }
            // Five profiles: account and relationship, one call each.
            for name in profiles {
                let (account, _) = try await naive.object(API.Accounts.lookup(query: [("acct", name)]).target)
                let id = account["id"] as? String ?? ""
                _ = try await naive.object(API.Accounts.account(id: id).target)
                _ = try await naive.list(API.Accounts.relationships(query: [("id[]", id)]).target)
            }
            // Followers at 20 a page, a relationship call for each.
            let (target, _) = try await naive.object(API.Accounts.lookup(query: [("acct", followersOf)]).target)
            var followers: [[String: Any]] = []
            next = API.Accounts.followers(id: target["id"] as? String ?? "").target
            while let path = next {
                let (items, older) = try await naive.list(path)
                followers += items
                next = items.isEmpty ? nil : older
            }
            for follower in followers {
                _ = try await naive.list(API.Accounts.relationships(query: [("id[]", follower["id"] as? String ?? "")]).target)
            }
            // Three replies.
            let parent = home.first?["id"] as? String ?? ""
            for index in 1...3 { _ = try await naive.post(API.Statuses.publish(form: [("status", "Reply \(index)"), ("in_reply_to_id", parent)])) }
            // Ten minutes polling home every 30 seconds.
            for half in 1...20 {
                if half % 2 == 0 { try instance.publish(as: "tom", text: "Live post \(half / 2)") }
                _ = try await naive.list(API.Timelines.home.target)
                clock.advance(by: .seconds(30))
            }
        } catch {
            try? await real.shutdown()
            await instance.stop()
            throw error
        }
        try await real.shutdown()
        await instance.stop()
        return (transport.count, transport.tooManyRequests)
    }
}

/// The naive client: raw requests, the server's default page size, no budget, no batching.
struct NaiveClient {
    let base: String
    let token: String
    let transport: any HTTPTransport

    func send(_ method: String, _path path: String, body: String? = nil) async throws -> HTTPResponse {
        var headers: [(name: String, value: String)] = [("Authorization", "Bearer " + token)]
        if body != nil { headers.append(("Content-Type", "application/x-www-form-urlencoded")) }
        let url = URL(string: path.hasPrefix("http") ? path : base + path.replacingOccurrences(of: "[]", with: "%5B%5D"))!
        return try await transport.send(HTTPRequest(method: method, url: url, headers: headers, body: body.map { Data($0.utf8) }))
    }

    /// A JSON array and the `next` link.
    func list(_ path: String) async throws -> ([[String: Any]], String?) {
        let response = try await send("GET", _path: path)
        let items = (try? JSONSerialization.jsonObject(with: response.body)) as? [[String: Any]] ?? []
        return (items, LinkHeader(response.headerValues("Link")).links["next"]?.absoluteString)
    }

    func object(_ path: String) async throws -> ([String: Any], Int) {
        let response = try await send("GET", _path: path)
        return ((try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:], response.status)
    }

    /// Calls an endpoint with its form.
    func post<Response>(_ endpoint: Endpoint<Response>) async throws -> Int {
        try await send(endpoint.method.rawValue, _path: endpoint.target, body: FormEncoding.encode(endpoint.form)).status
    }
}

/// Counts the engine events the scenario waits for.
final class EventCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var sentCount = 0
    private var newPostCount = 0
    private var task: Task<Void, Never>?

    init(_ stream: AsyncStream<EngineEvent>) {
        task = Task { [weak self] in
            for await event in stream {
                guard let self else { return }
                self.lock.withLock {
                    switch event {
                    case .postSent: self.sentCount += 1
                    case .newPosts(let timeline, let count) where timeline == "home": self.newPostCount += count
                    default: break
                    }
                }
            }
        }
    }

    var sent: Int { lock.withLock { sentCount } }
    var newPosts: Int { lock.withLock { newPostCount } }
}

/// The date the scenario's instances start at.
private let testEpoch = Date(timeIntervalSince1970: 1_800_000_000)
