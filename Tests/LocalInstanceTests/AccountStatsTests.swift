import GRDB
@testable import LocalInstance
import Testing

/// The posts an account entity counts are kept by triggers (issue 19: counting them for every page grew with
/// the instance); after any change they must equal a count of the statuses.
@Suite("Posts counted per account")
struct AccountStatsTests {
    private static func counts(_ db: Database) throws -> (kept: [Int64: Int], counted: [Int64: Int]) {
        var kept: [Int64: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT account_id, statuses_count FROM account_stats WHERE statuses_count != 0") {
            kept[row["account_id"]] = row["statuses_count"]
        }
        var counted: [Int64: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT account_id, COUNT(*) AS n FROM statuses WHERE visibility != 'direct' GROUP BY account_id") {
            counted[row["account_id"]] = row["n"]
        }
        return (kept, counted)
    }

    @Test("posts, direct messages, boosts removed with the post they boost, visibility changes and deletions")
    func keptCountsMatch() throws {
        let database = try InstanceDatabase(path: nil)
        try database.queue.write { db in
            for (id, name) in [(1, "ana"), (2, "ben")] {
                try db.execute(
                    sql: "INSERT INTO accounts (id, username, display_name, note, created_at) VALUES (?, ?, ?, '', 0)",
                    arguments: [id, name, name])
            }
            let insert = "INSERT INTO statuses (id, account_id, text, visibility, reblog_of_id, created_at) VALUES (?, ?, 'x', ?, ?, ?)"
            try db.execute(sql: insert, arguments: [10, 1, "public", nil, 1])
            try db.execute(sql: insert, arguments: [11, 1, "direct", nil, 2])
            try db.execute(sql: insert, arguments: [12, 1, "private", nil, 3])
            try db.execute(sql: insert, arguments: [13, 2, "public", 10, 4])
            try db.execute(sql: insert, arguments: [14, 2, "unlisted", nil, 5])
            var counts = try Self.counts(db)
            #expect(counts.kept == [1: 2, 2: 2])
            #expect(counts.kept == counts.counted)
            // Deleting the boosted post removes ben's boost through the foreign key.
            try db.execute(sql: "DELETE FROM statuses WHERE id = 10")
            try db.execute(sql: "UPDATE statuses SET visibility = 'direct' WHERE id = 14")
            try db.execute(sql: "UPDATE statuses SET visibility = 'public' WHERE id = 11")
            counts = try Self.counts(db)
            #expect(counts.kept == [1: 2])
            #expect(counts.kept == counts.counted)
        }
    }
}
