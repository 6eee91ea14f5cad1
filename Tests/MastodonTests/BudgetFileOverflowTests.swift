import Foundation
import Mastodon
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
import TestSupport
import Testing

/// Issue 20, "Crashes": after a 429 with `Retry-After: 1e16`, every later start crashed until the
/// account's `budget.json` was deleted by hand.
@Suite struct BudgetFileOverflowTests {
    private func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parla-budget-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func issue20ABudgetFileHoldingAHugeResetLoadsOnTheNextStart() async throws {
        let file = temporaryFolder().appendingPathComponent("budget.json")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = RateLimitBudget(stateFile: file, now: { now }, sleeper: ManualSleeper())
        let headers = RateLimitHeaders(header: { $0 == "Retry-After" ? "1e16" : nil }, now: now)
        await first.record(headers, status: 429)
        // The next process on the same account: it reads the file, refuses the call and says why.
        let second = RateLimitBudget(stateFile: file, now: { now }, sleeper: ManualSleeper())
        var refused: MicroblogError?
        do {
            try await second.acquire(priority: .user, maxWait: .seconds(10))
        } catch let error as MicroblogError {
            refused = error
        }
        guard case .rateLimited(let resetAt?) = refused else {
            Issue.record("expected rateLimited, got \(String(describing: refused))")
            return
        }
        // Clamped to a day, and said with its date.
        #expect(resetAt == now.addingTimeInterval(86_400))
        let message = refused!.message(TestLocalization.localizer(), timeZone: TimeZone(identifier: "UTC")!, now: now)
        #expect(message == "The server asks Parla to wait until 2027-01-16 at 08:00. Parla will wait; to try sooner, run parla budget --reset.")
        #expect(await second.snapshot().remaining == 0)
    }

    @Test func issue20ABudgetFileWrittenBeforeTheClampStillOpens() async throws {
        // What an older Parla stored after `Retry-After: 1e16`: a reset 317 million years away (in ms).
        let file = temporaryFolder().appendingPathComponent("budget.json")
        try Data(#"{"buckets":{"general":{"limit":300,"remaining":0,"resetAt":1.00000018e19}}}"#.utf8).write(to: file)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let budget = RateLimitBudget(stateFile: file, now: { now }, sleeper: ManualSleeper())
        await #expect(throws: MicroblogError.rateLimited(resetAt: now.addingTimeInterval(86_400))) {
            try await budget.acquire(priority: .user, maxWait: .seconds(10))
        }
        await budget.clear()
        try await budget.acquire(priority: .user, maxWait: .zero)
    }
}
