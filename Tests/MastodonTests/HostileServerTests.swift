import Foundation
@testable import Mastodon
import MicroblogKit
import ParlaBase
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
import ParlaBaseTesting
import SystemTestSupport
#endif

/// Issue 20, "Hostile servers": what a server sends cannot hang a command, grow memory without end,
/// lock an account out for good, or be called something it is not.
@Suite struct HostileServerTests {
    static let post = #"{"id":"ID","created_at":"2026-01-01T00:00:00.000Z","account":{"id":"9","username":"u","acct":"u"},"content":"<p>x</p>"}"#

    static func posts(_ ids: [String]) -> String { "[" + ids.map { post.replacingOccurrences(of: "ID", with: $0) }.joined(separator: ",") + "]" }

    /// A client on `server` whose retries do not wait (the sleeper jumps its own clock).
    private func client(_ server: HostileServer, _ transport: AsyncHTTPTransport, budget: RateLimitBudget = RateLimitBudget()) -> MastodonClient {
        MastodonClient(server: server.baseURL, token: "t", transport: transport, budget: budget, sleeper: JumpingSleeper(clock: ManualClock()))
    }

    private func failure(_ body: () async throws -> Void) async -> MicroblogError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? MicroblogError
        }
    }

    private let english = TestLocalization.localizer()

    @Test func issue20ABodyDrippedSlowlyIsCutAtTheDeadlineAndNotRetried() async throws {
        let server = try HostileServer { _ in
            .drip(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n", byte: 0x20, interval: 0.2, count: 1000)
        }
        defer { server.stop() }
        let transport = AsyncHTTPTransport(requestDeadline: .seconds(1))
        let started = ContinuousClock.now
        let error = await failure { _ = try await client(server, transport).timeline(.home, page: .newest) }
        let took = ContinuousClock.now - started
        try await transport.shutdown()
        #expect(error == .timedOut(host: "127.0.0.1"))
        #expect(server.requests.count == 1, "a timed-out request is not started over")
        // The whole drip lasts 200 s; cut at the 1 s deadline it ends far sooner, even on a loaded machine.
        #expect(took < .seconds(120), "\(took)")
    }

    @Test func issue20ABodyOverTheCapIsCalledTooLargeNotConnectionCut() async throws {
        let server = try HostileServer { _ in
            .flood(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4194304\r\n\r\n",
                   chunk: Data(repeating: 0x20, count: 65_536), total: 4_194_304, tail: Data())
        }
        defer { server.stop() }
        let transport = AsyncHTTPTransport(bodyLimit: 1_048_576)
        let error = await failure { _ = try await client(server, transport).timeline(.home, page: .newest) }
        try await transport.shutdown()
        #expect(error == .tooLarge(host: "127.0.0.1", limit: 1_048_576))
        #expect(error?.message(english) == "127.0.0.1 sent an answer larger than 1 MB; Parla stopped reading it.")
        #expect(server.requests.count == 1, "fetched once, not three times")
    }

    @Test func issue20ControlBytesInAHeaderAreAnAnswerParlaCannotRead() async throws {
        let server = try HostileServer { _ in .raw(Data("HTTP/1.1 200 OK\r\nX-Evil: a\u{01}\u{1B}[31mb\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]".utf8)) }
        defer { server.stop() }
        let transport = AsyncHTTPTransport()
        let error = await failure { _ = try await client(server, transport).timeline(.home, page: .newest) }
        try await transport.shutdown()
        #expect(error?.message(english) == "The server sent an answer Parla cannot read.", "\(String(describing: error))")
    }

    @Test func issue20AMoveIsCalledAMove() async throws {
        let server = try HostileServer { _ in HostileServer.response(301, headers: [("Location", "https://evil.example/home")]) }
        defer { server.stop() }
        let transport = AsyncHTTPTransport()
        let error = await failure { _ = try await client(server, transport).timeline(.home, page: .newest) }
        try await transport.shutdown()
        guard case .moved(301, _) = error else {
            Issue.record("expected moved, got \(String(describing: error))")
            return
        }
        #expect(error?.message(english)
            == "The server answered that this has moved to https://evil.example/home (error 301); Parla does not follow moves, so your token stays with this server.")
    }

    @Test func issue20RetryAfterOfTenYearsOrEternityIsClampedToADayAndSaidWithItsDate() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for header in [("Retry-After", "315360000"), ("Retry-After", "1e300"), ("X-RateLimit-Reset", "2125-01-01T00:00:00Z")] {
            let server = try HostileServer { _ in HostileServer.response(429, headers: [header], body: #"{"error":"slow down"}"#) }
            let transport = AsyncHTTPTransport()
            let budget = RateLimitBudget(now: { now }, sleeper: JumpingSleeper(clock: ManualClock()))
            let error = await failure { _ = try await client(server, transport, budget: budget).timeline(.home, page: .newest) }
            server.stop()
            try await transport.shutdown()
            #expect(error == .rateLimited(resetAt: now.addingTimeInterval(86_400)), "\(header)")
            #expect(error?.message(english, timeZone: TimeZone(identifier: "UTC")!, now: now)
                == "The server asks Parla to wait until 2027-01-16 at 08:00. Parla will wait; to try sooner, run parla budget --reset.")
            #expect(await budget.snapshot().resetAt == now.addingTimeInterval(86_400))
        }
    }

    @Test func issue20AGoodAnswerClearsAWaitAndTheUserMayClearItFirst() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let answers = LockedList([HostileServer.response(429, headers: [("Retry-After", "86400")]), HostileServer.response(200, body: "[]")])
        let server = try HostileServer { _ in answers.next() }
        defer { server.stop() }
        let transport = AsyncHTTPTransport()
        let budget = RateLimitBudget(now: { now }, sleeper: JumpingSleeper(clock: ManualClock()))
        let client = client(server, transport, budget: budget)
        _ = await failure { _ = try await client.timeline(.home, page: .newest) }
        #expect(await budget.snapshot().remaining == 0)
        // Refused without asking the server while the wait lasts; the user overrides it.
        #expect(await failure { _ = try await client.timeline(.home, page: .newest) } == .rateLimited(resetAt: now.addingTimeInterval(86_400)))
        #expect(server.requests.count == 1)
        await budget.clear()
        #expect(try await client.timeline(.home, page: .newest).items.isEmpty)
        #expect(server.requests.count == 2)
        #expect(await budget.snapshot().resetAt == nil)
        try await transport.shutdown()
    }

    @Test func issue20DuplicateIdsAreShownOnceAndASelfLinkEndsThePaging() async throws {
        let server = try HostileServer { request in
            HostileServer.response(200, headers: [
                ("Content-Type", "application/json"),
                ("Link", "<http://127.0.0.1:1\(request.target)>; rel=\"next\", <http://127.0.0.1:1\(request.target)>; rel=\"prev\""),
            ], body: Self.posts(["3", "3", "2", "3", "1"]))
        }
        defer { server.stop() }
        let transport = AsyncHTTPTransport()
        let page = try await client(server, transport).timeline(.home, page: PageRequest.mastodon(maxId: "9", limit: 5))
        try await transport.shutdown()
        #expect(page.items.map(\.id) == ["3", "2", "1"])
        #expect(page.older == nil, "a next link to the same page does not advance")
        #expect(page.newer == nil)
    }

    @Test func issue20ANameUnderLocalhostIsReachedAtLoopbackWithoutDNS() async throws {
        let server = try HostileServer { _ in HostileServer.response(200, headers: [("Content-Type", "application/json")], body: "[]") }
        defer { server.stop() }
        let transport = AsyncHTTPTransport()
        // No DNS server knows this name; it is reached all the same, and told the name it was asked by.
        let url = try MastodonClient.serverURL(from: "http://parla-test-\(UUID().uuidString.prefix(8).lowercased()).localhost:\(server.port)")
        let client = MastodonClient(server: url, token: "t", transport: transport, budget: RateLimitBudget(), sleeper: JumpingSleeper(clock: ManualClock()))
        #expect(try await client.timeline(.home, page: .newest).items.isEmpty)
        try await transport.shutdown()
        #expect(server.requests.first?.headers["host"] == "\(url.host!):\(server.port)")
    }

    @Test func issue20AnEndlessStreamLineIsDroppedWithBoundedMemory() async throws {
        // 256 MiB of one line: a parser that kept it would grow by all of it (and more, copying); the bound is
        // well above what the other tests running in this process at the same time add (up to ~110 MB seen).
        let flood = 256 * 1_048_576
        let server = try HostileServer { _ in
            .flood(head: "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n",
                   chunk: Data(repeating: UInt8(ascii: "a"), count: 65_536), total: flood,
                   tail: Data("\n\nevent: delete\ndata: 77\n\n".utf8))
        }
        defer { server.stop() }
        // 256 MiB take a while on a loaded machine (the other system tests run beside this one): the request's
        // deadline is the memory bound's business here, not the time it takes.
        let transport = AsyncHTTPTransport(requestDeadline: .seconds(600), streamSilence: .seconds(600))
        let before = Self.residentBytes()
        var events: [StreamEvent] = []
        var peak = before
        // The transport is shut down however the stream ends: a stream that fails (a loaded machine's
        // timeout) is this test's failure, not a crash of the whole test process in the client's deinit.
        let streamed: Result<Void, any Error>
        do {
            for try await event in try await client(server, transport).stream(.user) {
                events.append(event)
                peak = max(peak, Self.residentBytes())
            }
            streamed = .success(())
        } catch {
            streamed = .failure(error)
        }
        peak = max(peak, Self.residentBytes())
        try await transport.shutdown()
        try streamed.get()
        #expect(events == [.delete(postId: "77")], "the stream reads on after the endless line")
        let grown = peak - before
        print("endless stream line: \(flood / 1_048_576) MiB sent, resident memory grew \(grown / 1_048_576) MiB")
        // Before issue 20 the parser alone held the whole line (256 MiB and more).
        #expect(grown < 192 * 1_048_576, "\(grown)")
    }

    @Test func issue20TheEventParserHoldsAtMostOneLineOfBytes() {
        var parser = ServerSentEventParser()
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 65_536)
        #expect(parser.feed(Data("data: ".utf8)).isEmpty)
        for _ in 0..<256 {  // 16 MiB without a newline
            #expect(parser.feed(chunk).isEmpty)
            #expect(parser.bufferedByteCount <= ServerSentEventParser.maxLineBytes)
        }
        // The broken event is dropped; the next is read.
        #expect(parser.feed(Data("\n\nevent: delete\ndata: 5\n\n".utf8)) == [ServerSentEvent(event: "delete", data: "5")])
        // An event of many short lines is bounded too.
        let many = String(repeating: "data: 0123456789\n", count: 300_000)
        #expect(parser.feed(Data((many + "\nevent: delete\ndata: 6\n\n").utf8)) == [ServerSentEvent(event: "delete", data: "6")])
    }

    /// VmRSS of this process.
    static func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
    }
}

/// Replies handed out in order; the last one repeats.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [HostileServer.Reply]

    init(_ items: [HostileServer.Reply]) { self.items = items }

    func next() -> HostileServer.Reply {
        lock.withLock { items.count > 1 ? items.removeFirst() : items[0] }
    }
}
