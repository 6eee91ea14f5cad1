import Foundation
import Mastodon
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
import Testing
import SystemTestSupport
import TestSupport

@Suite("Rate-limit budget")
struct RateLimitBudgetTests {
    static let epoch = Date(timeIntervalSince1970: 1_800_000_000)

    static func budget(_ sleeper: ManualSleeper, file: URL? = nil) -> RateLimitBudget {
        let clock = sleeper.clock
        return RateLimitBudget(stateFile: file, now: { epoch.addingTimeInterval(Double(clock.now().milliseconds) / 1000) }, sleeper: sleeper)
    }

    static func headers(limit: Int, remaining: Int, resetIn seconds: TimeInterval) -> RateLimitHeaders {
        RateLimitHeaders(limit: limit, remaining: remaining, resetAt: epoch.addingTimeInterval(seconds))
    }

    @Test("background calls are spread over the time left in the window")
    func pacing() async throws {
        let sleeper = ManualSleeper()
        let budget = Self.budget(sleeper)
        await budget.record(Self.headers(limit: 10, remaining: 10, resetIn: 90), status: 200)
        try await RequestPriority.$current.withValue(.background) { try await budget.acquire(maxWait: .seconds(60)) }
        let second = Task { try await RequestPriority.$current.withValue(.background) { try await budget.acquire(maxWait: .seconds(60)) } }
        try await eventually("the second call to wait") { sleeper.sleeping > 0 }
        // 9 left, 1 of them the reserve: 8 calls over 90 s, one every 11.25 s.
        #expect(sleeper.requestedDurations == [.milliseconds(11_250)])
        #expect(await budget.snapshot().queued == [.background: 1])
        sleeper.advance(by: .milliseconds(11_250))
        try await second.value
        #expect(await budget.snapshot().remaining == 8)
        // The user's own calls are never paced.
        try await budget.acquire(priority: .user, maxWait: .zero)
        try await budget.acquire(priority: .user, maxWait: .zero)
        #expect(await budget.snapshot().remaining == 6)
    }

    @Test("a 429 with Retry-After spends the window; a call that would wait too long fails with the reset time")
    func tooManyRequests() async throws {
        let sleeper = ManualSleeper()
        let budget = Self.budget(sleeper)
        await budget.record(RateLimitHeaders(retryAt: Self.epoch.addingTimeInterval(120)), status: 429)
        let snapshot = await budget.snapshot()
        #expect(snapshot.remaining == 0)
        #expect(snapshot.resetAt == Self.epoch.addingTimeInterval(120))
        await #expect(throws: MicroblogError.rateLimited(resetAt: Self.epoch.addingTimeInterval(120))) {
            try await budget.acquire(priority: .user, maxWait: .seconds(10))
        }
    }

    @Test("two budgets on one file share what they learn and spend")
    func sharedFile() async throws {
        let file = TestPaths.temporaryDirectory("budget").appendingPathComponent("budget.json")
        let sleeper = ManualSleeper()
        let first = Self.budget(sleeper, file: file)
        let second = Self.budget(sleeper, file: file)
        await first.record(Self.headers(limit: 300, remaining: 250, resetIn: 200), status: 200)
        #expect(await second.snapshot().remaining == 250)
        try await second.acquire(priority: .user, maxWait: .zero)
        #expect(await first.snapshot().remaining == 249)
        // An answer that counted fewer calls than were sent does not give calls back.
        await first.record(Self.headers(limit: 300, remaining: 260, resetIn: 200), status: 200)
        #expect(await second.snapshot().remaining == 249)
        // After the reset the whole limit is there again.
        sleeper.advance(by: .seconds(202))
        #expect(await second.snapshot().remaining == 300)
        #expect(await second.snapshot().resetAt == nil)
    }

    @Test("the budget is described in three languages")
    func described() throws {
        let snapshot = BudgetSnapshot(
            family: .general, limit: 300, remaining: 240, resetAt: Self.epoch.addingTimeInterval(300), reserve: 30)
        let utc = TimeZone(identifier: "UTC")!
        let english = try Localizer(language: .english, directory: TestPaths.localization)
        let spanish = try Localizer(language: .spanish, directory: TestPaths.localization)
        let catalan = try Localizer(language: .catalan, directory: TestPaths.localization)
        #expect(snapshot.message(english, timeZone: utc) == "240 calls left, resets at 08:05.")
        #expect(snapshot.message(spanish, timeZone: utc) == "Quedan 240 llamadas; se renuevan a las 08:05.")
        #expect(snapshot.message(catalan, timeZone: utc) == "Queden 240 crides; es renoven a les 08:05.")
        let unknown = BudgetSnapshot(family: .general, limit: nil, remaining: nil, resetAt: nil, reserve: 0)
        #expect(unknown.message(english) == "Calls left on the server: not known yet.")
    }

    @Test("after a reset, the waiting user's call goes before waiting home calls, which keep off the reserve")
    func priorityOrder() async throws {
        let sleeper = ManualSleeper()
        let budget = Self.budget(sleeper)
        await budget.record(Self.headers(limit: 2, remaining: 0, resetIn: 60), status: 200)
        let log = OrderLog()
        var tasks: [Task<Void, any Error>] = []
        for (index, priority) in [RequestPriority.home, .home, .user].enumerated() {
            tasks.append(Task {
                try await budget.acquire(priority: priority, maxWait: .seconds(300))
                log.append("\(priority)")
            })
            try await eventually("call \(index + 1) to wait") { sleeper.sleeping >= index + 1 }
        }
        #expect(await budget.snapshot().queued == [.home: 2, .user: 1])
        sleeper.advance(by: .seconds(61))
        try await tasks[2].value
        // The user's call went first; the one call left is the reserve, so both home calls wait again.
        for _ in 0..<100_000 where sleeper.sleeping < 2 && log.entries.count < 2 { await Task.yield() }
        #expect(log.entries == ["user"])
        #expect(sleeper.sleeping == 2)
        #expect(await budget.snapshot().remaining == 1)
        for task in tasks { task.cancel() }
    }
}

final class OrderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var entries: [String] { lock.withLock { items } }
}
