import Foundation
import LocalInstance
@testable import Mastodon
import MastodonTesting
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
import TestSupport

/// The date every test instance starts at.
let testEpoch = Date(timeIntervalSince1970: 1_800_000_000)

/// A local instance on a manual clock, a Mastodon client over real HTTP that counts its requests, and
/// a budget reading the same clock.
struct MastodonHarness {
    let instance: RunningInstance
    let clock: ManualClock
    let real: AsyncHTTPTransport
    let transport: RecordingTransport
    let budget: RateLimitBudget
    let sleeper: any Sleeper
    let client: MastodonClient
    let folder: URL

    var server: URL { URL(string: instance.baseURL)! }

    /// A budget on this harness's clock, optionally sharing a state file.
    static func budget(clock: ManualClock, sleeper: any Sleeper, stateFile: URL? = nil) -> RateLimitBudget {
        RateLimitBudget(stateFile: stateFile, now: { testEpoch.addingTimeInterval(Double(clock.now().milliseconds) / 1000) }, sleeper: sleeper)
    }

    /// Another client on the same server and transport (a second process, when it has its own budget).
    func client(budget: RateLimitBudget, token: String? = nil, maxWait: Duration = .seconds(10)) -> MastodonClient {
        MastodonClient(server: server, token: token ?? instance.ownerToken, transport: transport, budget: budget, sleeper: sleeper, maxWait: maxWait)
    }
}

/// Runs `body` against a fresh instance and stops everything afterwards.
func withMastodon(
    rateLimit: RateLimitPolicy = .mastodonDefault, faults: FaultPlan? = nil, jumping: Bool = true, maxWait: Duration = .seconds(10),
    stateFile: URL? = nil, _ body: (MastodonHarness) async throws -> Void
) async throws {
    let clock = ManualClock()
    let sleeper: any Sleeper = jumping ? JumpingSleeper(clock: clock) : ManualSleeper(clock: clock)
    let instance = try await LocalInstance.start(InstanceConfiguration(
        dataDirectory: nil, rateLimit: rateLimit, faults: faults, clock: InstanceClock(epoch: testEpoch, tick: clock),
        sleeper: RecordingInstanceSleeper()))
    let real = AsyncHTTPTransport()
    let transport = RecordingTransport(real)
    let budget = MastodonHarness.budget(clock: clock, sleeper: sleeper, stateFile: stateFile)
    let client = MastodonClient(
        server: URL(string: instance.baseURL)!, token: instance.ownerToken, transport: transport, budget: budget, sleeper: sleeper,
        maxWait: maxWait)
    let harness = MastodonHarness(
        instance: instance, clock: clock, real: real, transport: transport, budget: budget, sleeper: sleeper, client: client,
        folder: TestPaths.temporaryDirectory("mastodon"))
    do {
        try await body(harness)
    } catch {
        try? await real.shutdown()
        await instance.stop()
        throw error
    }
    try await real.shutdown()
    await instance.stop()
}

/// Injected server latency that does not wait.
final class RecordingInstanceSleeper: Sleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []
    var delays: [Duration] { lock.withLock { recorded } }
    func sleep(for duration: Duration) async throws { lock.withLock { recorded.append(duration) } }
}

/// A transport that answers from fixtures: for decoding tests.
final class FixtureTransport: HTTPTransport, @unchecked Sendable {
    private let answer: @Sendable (HTTPRequest) -> HTTPResponse
    private let lock = NSLock()
    private var seen: [HTTPRequest] = []

    init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.answer = answer }

    var requests: [HTTPRequest] { lock.withLock { seen } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { seen.append(request) }
        return answer(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
        let response = try await send(request)
        let body = response.body
        return HTTPStreamResponse(status: response.status, headers: response.headers, body: AsyncThrowingStream { continuation in
            continuation.yield(body)
            continuation.finish()
        })
    }

    /// A client of `https://example.social` over this transport.
    func client() -> MastodonClient {
        MastodonClient(server: URL(string: "https://example.social")!, token: "secret-token", transport: self, budget: RateLimitBudget(),
                       sleeper: JumpingSleeper(clock: ManualClock()))
    }
}

extension HTTPResponse {
    /// Mastodon's 404 for a path it does not know (a server older than an endpoint).
    static let notFound = HTTPResponse(status: 404, headers: [("Content-Type", "application/json")], body: Data(#"{"error":"Record not found"}"#.utf8))

    /// A 200 JSON answer.
    static func json(_ text: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }
}
