import GRDB

/// What an account entity counts, kept so that a page does not count an author's posts again.
extension InstanceStore {
    /// The table of posts per account (kept by triggers on `statuses`) and the index for `last_status_at`,
    /// registered after the featured tags.
    ///
    /// Counting every author's posts for each page was linear in their posts: 54 ms for the ten authors of a
    /// page with 100,000 posts. The count is now read, and the newest post's date found in an index.
    static func registerAccountStats(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7-account-stats") { db in
            try db.execute(sql: """
                CREATE INDEX statuses_account_created ON statuses(account_id, created_at);
                CREATE TABLE account_stats (account_id INTEGER PRIMARY KEY, statuses_count INTEGER NOT NULL);
                INSERT INTO account_stats (account_id, statuses_count)
                    SELECT account_id, COUNT(*) FROM statuses WHERE visibility != 'direct' GROUP BY account_id;
                CREATE TRIGGER account_stats_insert AFTER INSERT ON statuses WHEN NEW.visibility != 'direct' BEGIN
                    INSERT INTO account_stats (account_id, statuses_count) VALUES (NEW.account_id, 1)
                        ON CONFLICT (account_id) DO UPDATE SET statuses_count = statuses_count + 1;
                END;
                CREATE TRIGGER account_stats_delete AFTER DELETE ON statuses WHEN OLD.visibility != 'direct' BEGIN
                    UPDATE account_stats SET statuses_count = statuses_count - 1 WHERE account_id = OLD.account_id;
                END;
                CREATE TRIGGER account_stats_update AFTER UPDATE OF account_id, visibility ON statuses BEGIN
                    UPDATE account_stats SET statuses_count = statuses_count - 1
                        WHERE account_id = OLD.account_id AND OLD.visibility != 'direct';
                    INSERT INTO account_stats (account_id, statuses_count) SELECT NEW.account_id, 1 WHERE NEW.visibility != 'direct'
                        ON CONFLICT (account_id) DO UPDATE SET statuses_count = statuses_count + 1;
                END;
                """)
        }
    }
}
