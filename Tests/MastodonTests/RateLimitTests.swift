import Foundation
import LocalInstance
@testable import Mastodon
import MastodonAPI
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
import Testing
import SystemTestSupport
import TestSupport

@Suite("Rate-limit budget against a tiny limit", .serialized)
struct RateLimitTests {
    static let tiny = RateLimitPolicy(limit: 10, window: .seconds(60))

    @Test("a run of calls longer than the limit waits for the reset, sends nothing meanwhile, never gets a 429")
    func waitsForReset() async throws {
        try await withMastodon(rateLimit: Self.tiny, jumping: false, maxWait: .seconds(120)) { h in
            let sleeper = h.sleeper as! ManualSleeper
            let client = h.client
            let run = Task { for _ in 0..<25 { _ = try await client.timeline(.home, page: PageRequest(limit: 1)) } }
            for window in 1...2 {
                try await eventually("the budget to wait") { sleeper.sleeping == 1 }
                #expect(h.transport.count == 10 * window)
                await Task.yield()
                #expect(h.transport.count == 10 * window)
                let snapshot = await h.budget.snapshot()
                #expect(snapshot.remaining == 0)
                #expect(snapshot.queued == [.user: 1])
                sleeper.advance(by: .seconds(61))
            }
            try await run.value
            #expect(h.transport.count == 25)
            #expect(h.transport.tooManyRequests == 0)
        }
    }

    @Test("the user's own call goes through from the reserve while background calls wait")
    func reserveForTheUser() async throws {
        try await withMastodon(rateLimit: Self.tiny, jumping: false, maxWait: .seconds(120)) { h in
            let sleeper = h.sleeper as! ManualSleeper
            let client = h.client
            for _ in 0..<9 {
                _ = try await RequestPriority.$current.withValue(.home) { try await client.timeline(.home, page: PageRequest(limit: 1)) }
            }
            #expect(await h.budget.snapshot().remaining == 1)
            #expect(await h.budget.snapshot().reserve == 1)
            let background = Task {
                try await RequestPriority.$current.withValue(.background) { try await client.markers() }
            }
            try await eventually("the background call to wait") { sleeper.sleeping == 1 }
            #expect(await h.budget.snapshot().queued == [.background: 1])
            #expect(h.transport.count == 9)
            let me = try await client.currentAccount()
            #expect(me.acct == "owner")
            #expect(h.transport.count == 10)
            #expect(await h.budget.snapshot().remaining == 0)
            sleeper.advance(by: .seconds(61))
            _ = try await background.value
            #expect(h.transport.count == 11)
            #expect(h.transport.tooManyRequests == 0)
        }
    }

    @Test("waiting longer than maxWait fails at once with rateLimited and the reset time")
    func maxWaitExceeded() async throws {
        try await withMastodon(rateLimit: Self.tiny, jumping: false, maxWait: .seconds(10)) { h in
            for _ in 0..<10 { _ = try await h.client.timeline(.home, page: PageRequest(limit: 1)) }
            await #expect(throws: MicroblogError.rateLimited(resetAt: testEpoch.addingTimeInterval(60))) {
                _ = try await h.client.timeline(.home, page: PageRequest(limit: 1))
            }
            #expect(h.transport.count == 10)
            let localizer = try Localizer(language: .english, directory: TestPaths.localization)
            let message = MicroblogError.rateLimited(resetAt: testEpoch.addingTimeInterval(60)).message(localizer, timeZone: TimeZone(identifier: "UTC")!, now: testEpoch)
            #expect(message == "The server's limit of calls is used up until 08:01. Parla will wait.")
            #expect(await h.budget.snapshot().message(localizer, timeZone: TimeZone(identifier: "UTC")!) == "0 calls left, resets at 08:01.")
        }
    }

    @Test("a 429 caused by calls outside the budget stops every call until the reset")
    func unforeseen429() async throws {
        try await withMastodon(rateLimit: Self.tiny, jumping: false, maxWait: .seconds(10)) { h in
            let outside = HTTPRequest(method: "GET", url: URL(string: h.instance.baseURL + API.Misc.markers.path)!,
                                      headers: [("Authorization", "Bearer " + h.instance.ownerToken)])
            for _ in 0..<10 { _ = try await h.real.send(outside) }
            await #expect(throws: MicroblogError.rateLimited(resetAt: testEpoch.addingTimeInterval(60))) {
                _ = try await h.client.currentAccount()
            }
            #expect(h.transport.count == 1)
            #expect(h.transport.tooManyRequests == 1)
            #expect(await h.budget.snapshot().remaining == 0)
            await #expect(throws: MicroblogError.rateLimited(resetAt: testEpoch.addingTimeInterval(60))) {
                _ = try await h.client.currentAccount()
            }
            #expect(h.transport.count == 1)
        }
    }

    @Test("a 429 within maxWait of its reset is waited out and the call is sent again once")
    func unforeseen429WaitedOut() async throws {
        try await withMastodon(rateLimit: Self.tiny, jumping: true, maxWait: .seconds(120)) { h in
            let outside = HTTPRequest(method: "GET", url: URL(string: h.instance.baseURL + API.Misc.markers.path)!,
                                      headers: [("Authorization", "Bearer " + h.instance.ownerToken)])
            for _ in 0..<10 { _ = try await h.real.send(outside) }
            let me = try await h.client.currentAccount()
            #expect(me.acct == "owner")
            #expect(h.transport.count == 2)
            #expect(h.transport.tooManyRequests == 1)
            #expect((h.sleeper as! JumpingSleeper).requestedDurations == [.seconds(61)])
        }
    }

    @Test("two budgets on one state file (two processes) together never exceed the limit")
    func twoProcesses() async throws {
        let file = TestPaths.temporaryDirectory("budget").appendingPathComponent("budget.json")
        try await withMastodon(rateLimit: Self.tiny, jumping: false, maxWait: .zero, stateFile: file) { h in
            let secondBudget = MastodonHarness.budget(clock: h.clock, sleeper: h.sleeper, stateFile: file)
            let clients = [h.client, h.client(budget: secondBudget, maxWait: .zero)]
            let results = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for client in clients {
                    group.addTask {
                        var sent = 0
                        var refused = 0
                        for _ in 0..<12 {
                            do {
                                _ = try await client.timeline(.home, page: PageRequest(limit: 1))
                                sent += 1
                            } catch MicroblogError.rateLimited {
                                refused += 1
                            }
                        }
                        return (sent, refused)
                    }
                }
                var all: [(Int, Int)] = []
                for try await result in group { all.append(result) }
                return all
            }
            let sent = results.map(\.0).reduce(0, +)
            // Never more than the limit. Before the first answer neither process knows the limit; a call
            // the other sent meanwhile is counted as possibly unseen by the server, which may cost one call.
            #expect(sent == 10 || sent == 9)
            #expect(results.map(\.1).reduce(0, +) == 24 - sent)
            #expect(h.transport.count == sent)
            #expect(h.transport.tooManyRequests == 0)
            let saved = try String(contentsOf: file, encoding: .utf8)
            #expect(saved.contains("\"remaining\":0"))
        }
    }
}
