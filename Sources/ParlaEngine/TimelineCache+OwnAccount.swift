import Foundation
import GRDB

extension TimelineCache {
    /// The id of the account the cache belongs to, as last learnt (nil before the server or a sent post told it).
    public func ownAccountId() throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT account_id FROM own_account WHERE id = 1") }
    }

    /// Keeps the id of the account the cache belongs to (one row, replaced), so that what the user wrote is
    /// told from what others wrote before any call (the "since you left" digest at start).
    public func setOwnAccountId(_ id: String) throws {
        // Kept already (every post sent names it again): nothing is written.
        guard try ownAccountId() != id else { return }
        try write { db in
            try db.execute(sql: """
                INSERT INTO own_account (id, account_id) VALUES (1, ?1)
                ON CONFLICT(id) DO UPDATE SET account_id = excluded.account_id
                """, arguments: [id])
        }
    }

    /// How many posts of a timeline are above `id` that `author` did not write; nil when `id` is not on it.
    public func countNewer(than id: String, in timeline: String, notBy author: String?) throws -> Int? {
        try read { db in
            guard let rank = try ServerOrder.timeline(timeline).rank(of: id, db) else { return nil }
            return try Self.countOthers(in: timeline, above: rank, notBy: author, db)
        }
    }

    /// How many posts of a timeline `author` did not write.
    public func count(_ timeline: String, notBy author: String?) throws -> Int {
        try read { db in try Self.countOthers(in: timeline, above: Int64.min, notBy: author, db) }
    }

    private static func countOthers(in timeline: String, above rank: Int64, notBy author: String?, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM timeline_entries JOIN posts ON posts.id = timeline_entries.post_id
            WHERE timeline_entries.timeline = ? AND timeline_entries.rank > ? AND posts.account_id IS NOT ?
            """, arguments: [timeline, rank, author]) ?? 0
    }
}
