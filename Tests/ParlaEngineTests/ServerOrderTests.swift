import Foundation
import GRDB
import MicroblogKit
import MicroblogKitTesting
@testable import ParlaEngine
import Testing

/// Issue 27, item 1: ids and cursors are the network's; the cache keeps the order the server gave and
/// fills gaps with the server's own cursors, never comparing ids.
@Suite struct ServerOrderTests {
    /// A server whose ids do not sort (as Bluesky's record keys do not sort as Mastodon's numbers) and whose
    /// cursors are words of its own: `above:ID` and `below:ID`.
    final class WordServer: @unchecked Sendable {
        private let lock = NSLock()
        private var posts: [String] = []

        /// Puts posts on top, newest first.
        func write(_ ids: [String]) { lock.withLock { posts = ids + posts } }

        func page(_ request: PageRequest) -> Page<Post> {
            let all = lock.withLock { posts }
            let limit = request.limit ?? 5
            var slice: ArraySlice<String>
            let cursor = request.cursor ?? ""
            if cursor.hasPrefix("above:"), let at = all.firstIndex(of: String(cursor.dropFirst(6))) {
                slice = all[max(0, at - limit)..<at]
            } else if cursor.hasPrefix("below:"), let at = all.firstIndex(of: String(cursor.dropFirst(6))) {
                slice = all[(at + 1)..<min(all.count, at + 1 + limit)]
            } else {
                slice = all.prefix(limit)
            }
            return Page(items: slice.map { Fixtures.post($0) }, older: slice.last.map { PageRequest(cursor: "below:\($0)") },
                        newer: slice.first.map { PageRequest(cursor: "above:\($0)") })
        }
    }

    @Test func aTimelineWhoseIdsDoNotSortStaysInTheServersOrderAndItsGapIsFilledByTheServersCursors() async throws {
        let harness = try await EngineHarness()
        let server = WordServer()
        harness.service.answerPages { _, request in server.page(request) }
        let engine = harness.engine
        let first = ["kiwi", "apple", "zebra", "mango", "fig"]
        server.write(first)
        #expect(try await engine.refresh(.home) == RefreshResult(newCount: 5, gap: false))
        // Away: twelve more; the page just above the cache (cat…ram) and the newest page (yak…owl) come, a
        // gap of two between them.
        let later = ["yak", "bee", "ant", "cow", "owl", "eel", "dog", "cat", "hen", "pig", "elk", "ram"]
        server.write(later)
        harness.service.resetCalls()
        #expect(try await engine.refresh(.home) == RefreshResult(newCount: 10, gap: true))
        #expect(await engine.gaps(.home).map { [$0.newerId, $0.olderId, $0.cursor] } == [["owl", "cat", "below:owl"]])
        let gap = try #require(await engine.gaps(.home).first)
        #expect(try await engine.fillGap(.home, gapId: gap.id) == RefreshResult(newCount: 2, gap: false))

        #expect(try engine.cache.posts("home", limit: 50).map(\.id) == later + first)
        #expect(harness.service.calls.compactMap { if case .timeline(_, let request, _) = $0 { request } else { nil } } == [
            PageRequest(cursor: "above:kiwi", limit: 5), PageRequest(limit: 5), PageRequest(cursor: "below:owl", limit: 5),
        ])
        // Reading older goes on from the cursor the first page gave.
        #expect(try await engine.loadOlder(.home) == 0)
        #expect(harness.service.calls.last == .timeline("home", PageRequest(cursor: "below:fig", limit: 5), .user))
    }

    @Test func aPageGoesInWhereTheServerPutItBelowTheCachedItemBeforeIt() throws {
        let cache = try TimelineCache(path: temporaryFolder().appendingPathComponent("c.sqlite3").path)
        try cache.insert(["kiwi", "fig"].map { Fixtures.post($0) }, into: "home")
        // A page above reaching into the cache: the new ones after "kiwi" go just below it.
        let placed = try cache.insert(["ram", "kiwi", "yak", "bee"].map { Fixtures.post($0) }, into: "home", at: .top)
        #expect(placed == ["ram", "yak", "bee"])
        #expect(try cache.posts("home").map(\.id) == ["ram", "kiwi", "yak", "bee", "fig"])
        // A page inside a gap goes under the gap's upper edge, an older page below all.
        try cache.insert([Fixtures.post("owl")], into: "home", at: .below("bee"))
        try cache.insert([Fixtures.post("ant")], into: "home", at: .bottom)
        #expect(try cache.posts("home").map(\.id) == ["ram", "kiwi", "yak", "bee", "owl", "fig", "ant"])
        #expect(try cache.posts("home", limit: 2, olderThan: "bee").map(\.id) == ["owl", "fig"])
        #expect(try cache.countNewer(than: "owl", in: "home") == 4)
        #expect(try cache.countNewer(than: "gnu", in: "home") == nil)
    }

    @Test func aCacheWrittenBeforeServerOrderKeepsItsOrderGapsOutboxAndReadPositions() throws {
        let path = temporaryFolder().appendingPathComponent("accounts/ana/cache.sqlite3").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
            let old = try DatabaseQueue(path: path)
            try TimelineCache.migrator.migrate(old, upTo: "open_timelines")
            try old.write { db in
                for (id, key) in [("9", "00019"), ("100", "0003100"), ("11", "000211")] {
                    let json = try TimelineCache.encode(Fixtures.post(id))
                    try db.execute(sql: """
                        INSERT INTO posts (id, sort_key, account_id, visibility, created_at, json) VALUES (?, ?, '2', 'public', 0, ?)
                        """, arguments: [id, key, json])
                    try db.execute(sql: "INSERT INTO timeline_entries (timeline, sort_key, post_id) VALUES ('home', ?, ?)", arguments: [key, id])
                }
                for (id, key) in [("7", "00017"), ("12", "000212")] {
                    try db.execute(sql: "INSERT INTO notifications (id, sort_key, kind, json) VALUES (?, ?, 'follow', ?)",
                                   arguments: [id, key, try TimelineCache.encode(Fixtures.notification(id, kind: .follow))])
                }
                try db.execute(sql: """
                    INSERT INTO gaps (timeline, newer_id, newer_key, older_id, older_key) VALUES ('home', '100', '0003100', '11', '000211')
                    """)
                try db.execute(sql: "INSERT INTO outbox (id, json, state, created_at) VALUES ('draft-1', x'7b7d', 'pending', 0)")
                try db.execute(sql: "INSERT INTO read_positions (timeline, last_read_id) VALUES ('home', '11')")
            }
        }
        let cache = try TimelineCache(path: path)
        #expect(try cache.posts("home").map(\.id) == ["100", "11", "9"])
        #expect(try cache.notifications().map(\.id) == ["12", "7"])
        #expect(try cache.gaps("home").map { [$0.newerId, $0.olderId, $0.cursor] } == [["100", "11", nil]])
        #expect(try cache.readPosition("home")?.lastReadId == "11")
        #expect(try cache.pool.read { try String.fetchAll($0, sql: "SELECT id FROM outbox") } == ["draft-1"])
        // New posts go on top of the old order.
        try cache.insert([Fixtures.post("ram")], into: "home")
        #expect(try cache.posts("home").map(\.id) == ["ram", "100", "11", "9"])
    }
}
