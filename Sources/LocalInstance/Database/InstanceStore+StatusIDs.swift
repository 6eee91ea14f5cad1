import GRDB

/// Status ids are never given again, as on Mastodon: a client that cached a deleted post must not meet
/// another post under its id.
extension InstanceStore {
    /// SQLite gives a new row the largest id plus one, so deleting the newest status made its id the next
    /// one's. The highest id ever deleted is kept (by a trigger on `statuses`), and a new status takes the
    /// larger of it and the largest id in use, plus one. Registered after the account statistics.
    static func registerStatusIDs(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8-status-ids") { db in
            try db.execute(sql: """
                CREATE TABLE status_id_floor (id INTEGER NOT NULL);
                INSERT INTO status_id_floor (id) VALUES (0);
                CREATE TRIGGER status_id_floor_delete AFTER DELETE ON statuses BEGIN
                    UPDATE status_id_floor SET id = max(id, OLD.id);
                END;
                """)
        }
    }

    /// The SQL expression of the next status's id, for `INSERT INTO statuses (id, …) VALUES (\(nextStatusID), …)`.
    static let nextStatusID = "(SELECT max(coalesce((SELECT max(id) FROM statuses), 0), (SELECT id FROM status_id_floor)) + 1)"
}
