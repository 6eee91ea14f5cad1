import Foundation
import MicroblogKit
import ParlaBase
import TestSupport
import Testing

/// Issue 26, item 29: a limit that resets on another day is said with its date, not "until 18:39" alone.
@Suite struct ResetTimeTests {
    let utc = TimeZone(identifier: "UTC")!
    /// 2026-11-27 23:30 UTC.
    let now = Date(timeIntervalSince1970: 1_795_822_200)

    @Test func issue26AResetTomorrowIsSaidWithItsDateAndOneTodayWithoutIt() {
        let tomorrow = now.addingTimeInterval(40 * 60)
        let today = now.addingTimeInterval(10 * 60)
        let english = TestLocalization.localizer(.english)
        #expect(MicroblogError.rateLimited(resetAt: tomorrow).message(english, timeZone: utc, now: now)
            == "The server's limit of calls is used up until 00:10 on 2026-11-28. Parla will wait.")
        #expect(MicroblogError.rateLimited(resetAt: today).message(english, timeZone: utc, now: now)
            == "The server's limit of calls is used up until 23:40. Parla will wait.")
        let spanish = TestLocalization.localizer(.spanish)
        let budget = BudgetSnapshot(family: .general, limit: 300, remaining: 12, resetAt: tomorrow, reserve: 0)
        #expect(budget.message(spanish, timeZone: utc, now: now) == "Quedan 12 llamadas; se renuevan a las 00:10 del 2026-11-28.")
    }
}
