import Foundation
import MicroblogKit
import ParlaApp
import TerminalKit
import Testing

/// At 40×12 a notification's text has two rows: its headline and the post it is about. The blank line
/// between them took the second row, and the post showed as "…" alone.
@Suite struct NarrowNotificationTests {
    @Test func aNotificationAt40x12ShowsThePostItIsAboutUnderItsHeadline() async throws {
        let engine = FakeEngine()
        engine.notificationsValue = [
            MicroblogNotification(id: "901", kind: .favourite, createdAt: testNow.addingTimeInterval(-600), account: ana, post: homePosts[0]),
        ]
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        await h.press(.char("g"), .down, .down, .enter)
        #expect(h.lines == [
            " Notifications · main",
            " --------------------------------------",
            "   [Ana García @ana]         10 min ago",
            "   Ana García favourited your post:",
            "   Good morning, everyone!",
            "   [ ] Boost   [Reply]   [ ] Favourite",
            "   [ ] Bookmark   [Thread]   [Refresh]",
            " > Posts: Ana García favourited your...",
            "",
            "   You are in Notifications · 1 of 1",
            " --------------------------------------",
            "  [Back]  [Info]  [Details]  [New post]",
        ])
    }

    /// A headline of two rows ("Ana García, Ben Jones and 1 other favourited your post:") runs on into the post, so
    /// the start of the post still shows in the label's two rows.
    @Test func aTwoRowHeadlineIsFollowedByThePostAt40x12() async throws {
        let engine = FakeEngine()
        engine.notificationsValue = [
            MicroblogNotification(id: "902", kind: .favourite, createdAt: testNow.addingTimeInterval(-600), account: ana, post: homePosts[0],
                                  group: NotificationGroup(count: 3, accounts: [ana, ben], countsAll: true)),
        ]
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        await h.press(.char("g"), .down, .down, .enter)
        #expect(h.lines[3...4] == [
            "   Ana García, Ben Jones and 1 other",
            "   favourited your post: Good...",
        ])
    }
}
