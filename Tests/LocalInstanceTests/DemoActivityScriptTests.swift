import Foundation
@testable import LocalInstance
import Testing
import TestSupport

/// Every action of the demo's live script can be done on the seeded community and is announced: none is
/// silently passed over (a post, a reply, a mention, a favourite, a boost, a quote or an edit).
@Suite("Local instance: the demo's live script")
struct DemoActivityScriptTests {
    @Test("each step is done once, in order, and announced on the streams; the owner hears the ones about them")
    func everyStepIsAnnounced() async throws {
        try await withInstance { instance, _ in
            let activity = DemoActivity(services: instance.services, settings: DemoActivitySettings())
            let owner = try instance.services.store.database.queue.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM accounts WHERE is_owner = 1")
            }
            var heard: [String] = []
            for step in 0..<DemoActivity.script.count {
                #expect(try activity.nextStep() == step)
                let events = try activity.perform(step)
                #expect(!events.isEmpty, "step \(step) announced nothing")
                if events.contains(where: { $0.audience == .user(owner ?? -1) && $0.event != "update" }) {
                    heard.append(events.first { $0.audience == .user(owner ?? -1) && $0.event != "update" }?.event ?? "")
                }
            }
            #expect(try activity.nextStep() == DemoActivity.script.count)
            // Notifications as the owner hears them: 6 favourites, 3 mentions, 3 replies, 2 boosts and a quote; and
            // the edit of a post they follow.
            #expect(heard.filter { $0 == "notification" }.count == 15)
            #expect(heard.filter { $0 == "status.update" }.count == 1)
        }
    }
}
