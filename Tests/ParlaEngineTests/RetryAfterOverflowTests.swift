import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
import ParlaBaseTesting
@testable import ParlaEngine
import TestSupport
import Testing

/// Issue 20, "Crashes": a 429 with `Retry-After: 1e16` (or 1e300) crashed `post` (Outbox.swift:166,
/// Double → Int64), and then every later start until the account's `budget.json` was deleted by hand.
@Suite struct RetryAfterOverflowTests {
    @Test(arguments: [1e16, 1e300])
    func issue20AHugeRetryAfterKeepsThePostQueuedWithoutACrash(seconds: Double) async throws {
        let clock = ManualClock()
        let service = ScriptedService()
        let cache = try TimelineCache(path: temporaryFolder().appendingPathComponent("cache.sqlite3").path)
        let outbox = try Outbox(cache: cache, service: service, clock: clock, sleeper: ManualSleeper(clock: clock),
                                backoff: Backoff(base: .seconds(5), maximum: .seconds(60)))
        let reset = Date().addingTimeInterval(seconds)
        service.failPublish(with: [.rateLimited(resetAt: reset)])
        let item = try await outbox.enqueue(NewPost(text: "Still here", idempotencyKey: "k"))
        #expect(await outbox.sendNext() == .queued(outboxId: item.id, reason: .rateLimited(resetAt: reset)))
        #expect(try await outbox.items().map(\.state) == [.queued])
        #expect(try await outbox.waitBeforeNext() == Duration.longestWait)
    }

    @Test func issue20AClampedDurationNeverTraps() {
        #expect(Duration.clamped(seconds: .nan) == .zero)
        #expect(Duration.clamped(seconds: -1e300) == .zero)
        #expect(Duration.clamped(seconds: 1.5) == .milliseconds(1500))
        #expect(Duration.clamped(seconds: 1e300) == Duration.longestWait)
        #expect(Duration.clamped(seconds: .infinity) == Duration.longestWait)
    }
}
