import GRDB

extension TimelineCache {
    /// Forgets the posts, accounts and notifications stored while texts were the server's HTML (before
    /// ``RichText``): their JSON holds a body or bio as a string (`"content":"`, `"note":"`) where a text
    /// is now a list of runs, and could not be read back. They are fetched again, as for a new cache: a
    /// timeline or the notifications that lost an item lose their entries, gaps and cursors with it.
    /// Drafts, the outbox, reminders, open timelines and read positions are kept.
    static func forgetHTMLTexts(_ db: Database) throws {
        let old = #"(CAST(json AS TEXT) LIKE '%"content":"%' OR CAST(json AS TEXT) LIKE '%"note":"%')"#
        let notificationsLost = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM notifications WHERE \(old))") ?? false
        try db.execute(sql: """
            DELETE FROM posts WHERE \(old);
            DELETE FROM accounts WHERE \(old);
            DELETE FROM notifications WHERE \(old);
            CREATE TEMP TABLE lost_timelines AS
                SELECT DISTINCT timeline FROM timeline_entries WHERE post_id NOT IN (SELECT id FROM posts);
            """)
        if notificationsLost {
            try db.execute(sql: "DELETE FROM notifications; INSERT INTO lost_timelines VALUES (?)", arguments: [notificationsKey])
        }
        try db.execute(sql: """
            DELETE FROM timeline_entries WHERE timeline IN (SELECT timeline FROM lost_timelines);
            DELETE FROM gaps WHERE timeline IN (SELECT timeline FROM lost_timelines);
            DELETE FROM cursors WHERE timeline IN (SELECT timeline FROM lost_timelines);
            DROP TABLE lost_timelines;
            """)
    }
}
