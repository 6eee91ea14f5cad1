import Foundation
import GRDB

/// Hashtags featured on a profile (`/api/v1/featured_tags`).
extension InstanceStore {
    /// Mastodon's limit on featured hashtags (the instance document's `max_featured_tags`).
    static let maxFeaturedTags = 10

    /// The table, registered after the account tools.
    static func registerFeaturedTags(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-featured-tags") { db in
            try db.execute(sql: """
                CREATE TABLE featured_tags (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    name TEXT NOT NULL COLLATE NOCASE, created_at INTEGER NOT NULL, UNIQUE (account_id, name));
                """)
        }
    }

    /// The viewer's featured hashtags, in the order they were featured.
    func featuredTags(viewer: Viewer) throws -> [FeaturedTagEntity] {
        try database.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM featured_tags WHERE account_id = ? ORDER BY id", arguments: [viewer.accountID])
                .map { try featuredTag(db, row: $0) }
        }
    }

    /// Features a hashtag on the viewer's profile (featuring it again changes nothing); returns it.
    func featureTag(_ raw: String, viewer: Viewer) throws -> FeaturedTagEntity {
        let name = try Self.tagName(raw)
        return try database.queue.write { db in
            if let row = try Row.fetchOne(db, sql: "SELECT * FROM featured_tags WHERE account_id = ? AND name = ?", arguments: [viewer.accountID, name]) {
                return try featuredTag(db, row: row)
            }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM featured_tags WHERE account_id = ?", arguments: [viewer.accountID]) ?? 0
            guard count < Self.maxFeaturedTags else {
                throw APIError.unprocessable("Validation failed: You can only feature up to \(Self.maxFeaturedTags) hashtags")
            }
            try db.execute(
                sql: "INSERT INTO featured_tags (account_id, name, created_at) VALUES (?, ?, ?)", arguments: [viewer.accountID, name, nowMillis()])
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM featured_tags WHERE id = ?", arguments: [db.lastInsertedRowID]) else {
                throw APIError.notFound()
            }
            return try featuredTag(db, row: row)
        }
    }

    /// Stops featuring one of the viewer's hashtags, by its featured tag id.
    func unfeatureTag(id: Int64, viewer: Viewer) throws {
        try database.queue.write { db in
            try db.execute(sql: "DELETE FROM featured_tags WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID])
            if db.changesCount == 0 { throw APIError.notFound() }
        }
    }

    /// The entity: the name as featured, the account's public posts with it and the day of the latest.
    private func featuredTag(_ db: Database, row: Row) throws -> FeaturedTagEntity {
        let name: String = row["name"]
        let account: Int64 = row["account_id"]
        let uses = try Row.fetchOne(
            db,
            sql: """
                SELECT COUNT(*) AS count, MAX(s.created_at) AS latest FROM status_tags t JOIN statuses s ON s.id = t.status_id
                WHERE t.name = ? AND s.account_id = ? AND s.visibility IN ('public', 'unlisted')
                """, arguments: [name, account])
        let latest: Int64? = uses?["latest"]
        let day = latest.map { millis -> String in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd"
            return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(millis) / 1000))
        }
        let username = try String.fetchOne(db, sql: "SELECT username FROM accounts WHERE id = ?", arguments: [account]) ?? ""
        return FeaturedTagEntity(
            id: String(row["id"] as Int64), name: name, url: "\(baseURL)/@\(username)/tagged/\(name)", statusesCount: uses?["count"] ?? 0,
            lastStatusAt: day)
    }
}
