import Foundation
@testable import Bluesky
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
import ServiceHTTP
import ServiceHTTPTesting

/// A Bluesky client over a scripted server, with a budget on a clock that starts at a known instant.
struct BlueskyHarness {
    /// 2026-01-01T00:00:00Z, the instant the budget's clock shows.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let session = BlueskySession(
        accessJwt: "access-1", refreshJwt: "refresh-1", did: "did:plc:me", handle: "me.bsky.social", service: "https://pds.example")

    let transport: ScriptedTransport
    let client: BlueskyClient
    let budget: RateLimitBudget
    let writeBudget: RateLimitBudget
    let saved: LockedList<BlueskySession>

    init(maxWait: Duration = .seconds(10), _ script: @escaping ScriptedTransport.Script) {
        transport = ScriptedTransport(script)
        let clock = ManualClock()
        let now: @Sendable () -> Date = { Self.start.addingTimeInterval(Double(clock.now().milliseconds) / 1000) }
        let sleeper = JumpingSleeper(clock: clock)
        budget = RateLimitBudget(now: now, sleeper: sleeper)
        writeBudget = RateLimitBudget(now: now, sleeper: sleeper)
        let saved = LockedList<BlueskySession>()
        self.saved = saved
        client = BlueskyClient(
            session: Self.session, transport: transport, budget: budget, writeBudget: writeBudget, sessionSaved: { saved.append($0) },
            sleeper: sleeper, maxWait: maxWait)
    }

    /// The text of a fixture in `Fixtures/`.
    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The XRPC method a request calls (`app.bsky.feed.getTimeline`).
    static func method(_ request: HTTPRequest) -> String {
        String(request.url.path.dropFirst("/xrpc/".count))
    }

    /// A query parameter of a request.
    static func parameter(_ request: HTTPRequest, _ name: String) -> String? {
        URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    /// A request's body as JSON.
    static func body(_ request: HTTPRequest) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any] ?? [:]
    }
}

/// A list that scripts and callbacks append to from any task.
final class LockedList<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ item: Element) { lock.withLock { items.append(item) } }
    var all: [Element] { lock.withLock { items } }
}
