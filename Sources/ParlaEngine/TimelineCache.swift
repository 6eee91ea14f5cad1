import Foundation
import GRDB
import MicroblogKit
import ParlaBase

/// One account's offline cache in SQLite: posts, accounts, notifications, timelines in server order,
/// gaps, read positions and (through ``Outbox``) the posts waiting to be sent.
///
/// One file per account (`DATA/accounts/<name>/cache.sqlite3`), in WAL mode so the newest page reads
/// while a refresh writes. Posts are stored as JSON beside the columns that are searched; timelines
/// are lists of post ids in the order the server gave them (a rank each, see ``ServerOrder``; ids are
/// never compared), with the network's cursors for the pages around them. Each timeline keeps its newest
/// ``Configuration/maxPostsPerTimeline`` posts. Every failure is a ``MicroblogError/storage(detail:)``.
public final class TimelineCache: Sendable {
    /// Limits of the cache.
    public struct Configuration: Sendable, Hashable {
        /// How many posts each timeline keeps (the newest).
        public var maxPostsPerTimeline: Int
        /// How many notifications are kept (the newest).
        public var maxNotifications: Int

        public init(maxPostsPerTimeline: Int = 2_000, maxNotifications: Int = 2_000) {
            self.maxPostsPerTimeline = max(1, maxPostsPerTimeline)
            self.maxNotifications = max(1, maxNotifications)
        }
    }

    /// A stretch of a timeline the cache knows is missing: posts below `newerId` and above `olderId`.
    public struct Gap: Sendable, Hashable, Identifiable {
        public var id: Int64
        /// The `TimelineKind.key` of the timeline.
        public var timeline: String
        /// The cached post just above the gap.
        public var newerId: String
        /// The cached post just below the gap.
        public var olderId: String
        /// The network's cursor for the page just below `newerId`, as the page above the gap gave it (nil in
        /// a cache written before cursors were kept: the network is asked for one by `newerId`).
        public var cursor: String?
    }

    /// Where the user stopped reading a timeline, and what the server last said about it.
    public struct ReadPosition: Sendable, Hashable {
        /// `TimelineKind.key`, or `notifications`.
        public var timeline: String
        public var lastReadId: String
        /// The server marker's version this position was synced with.
        public var serverVersion: Int?
        public var serverUpdatedAt: Date?
        /// Whether the server has not been told yet.
        public var needsUpload: Bool
    }

    /// The path of the database file.
    public let path: String
    /// The limits in force.
    public let configuration: Configuration
    let pool: DatabasePool
    /// Set once a write changed a row.
    let changes = ChangeFlag()

    /// Opens (creating if needed) the cache at `path`; its folder is created too.
    ///
    /// - Throws: ``MicroblogError/storage(detail:)`` when the file cannot be opened or migrated.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.path = path
        self.configuration = configuration
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var config = GRDB.Configuration()
            config.busyMode = .timeout(5)
            config.prepareDatabase { db in try Self.prepare(db) }
            // Several processes of one account (parallel `parla post`) may open a new cache at once: turning
            // a new file to WAL fails with "database is locked" in all but one, and GRDB's migrator is safe
            // within one pool only (two would create the same tables). A new file is made, and migrations
            // are run, under a lock beside the cache; opening a cache that is up to date takes no lock.
            // A file another process is still making (its WAL switch holds the lock) is opened again under the
            // lock, once that process is done; a file that cannot be opened then says why.
            let lockPath = path + ".lock"
            if FileManager.default.fileExists(atPath: path), let opened = try? DatabasePool(path: path, configuration: config) {
                pool = opened
                if try !pool.read(Self.migrator.hasCompletedMigrations) {
                    try ProcessFileLock.withExclusive(lockPath) { try Self.migrator.migrate(pool) }
                }
            } else {
                pool = try ProcessFileLock.withExclusive(lockPath) {
                    let pool = try DatabasePool(path: path, configuration: config)
                    try Self.migrator.migrate(pool)
                    return pool
                }
            }
        } catch {
            throw MicroblogError.storage(detail: "\(path): \(error)")
        }
    }

    deinit { checkpointIfChanged() }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE posts (
                    id TEXT PRIMARY KEY, sort_key TEXT NOT NULL, account_id TEXT NOT NULL,
                    reblog_of TEXT, poll_id TEXT, visibility TEXT NOT NULL, created_at REAL NOT NULL,
                    json BLOB NOT NULL);
                CREATE INDEX posts_reblog ON posts(reblog_of);
                CREATE INDEX posts_poll ON posts(poll_id);
                CREATE TABLE accounts (id TEXT PRIMARY KEY, acct TEXT NOT NULL, json BLOB NOT NULL);
                CREATE TABLE timeline_entries (
                    timeline TEXT NOT NULL, sort_key TEXT NOT NULL, post_id TEXT NOT NULL,
                    PRIMARY KEY (timeline, sort_key)) WITHOUT ROWID;
                CREATE INDEX timeline_entries_post ON timeline_entries(post_id);
                CREATE TABLE gaps (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, timeline TEXT NOT NULL,
                    newer_id TEXT NOT NULL, newer_key TEXT NOT NULL, older_id TEXT NOT NULL, older_key TEXT NOT NULL);
                CREATE INDEX gaps_timeline ON gaps(timeline, newer_key);
                CREATE TABLE notifications (
                    id TEXT PRIMARY KEY, sort_key TEXT NOT NULL, kind TEXT NOT NULL, post_id TEXT,
                    direct INTEGER NOT NULL DEFAULT 0, json BLOB NOT NULL);
                CREATE INDEX notifications_order ON notifications(sort_key);
                CREATE INDEX notifications_post ON notifications(post_id);
                CREATE TABLE read_positions (
                    timeline TEXT PRIMARY KEY, last_read_id TEXT NOT NULL, server_version INTEGER,
                    server_updated_at REAL, needs_upload INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE outbox (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, json BLOB NOT NULL,
                    state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error BLOB,
                    created_at REAL NOT NULL);
                """)
        }
        migrator.registerMigration("reminders") { db in
            try db.execute(sql: "CREATE TABLE reminders (id TEXT PRIMARY KEY, due_at REAL NOT NULL, json BLOB NOT NULL)")
        }
        migrator.registerMigration("open_timelines") { db in
            try db.execute(sql: "CREATE TABLE open_timelines (id INTEGER PRIMARY KEY CHECK (id = 1), json BLOB NOT NULL)")
        }
        migrator.registerMigration("server_order") { db in try migrateToServerOrder(db) }
        migrator.registerMigration("own_account") { db in
            try db.execute(sql: "CREATE TABLE own_account (id INTEGER PRIMARY KEY CHECK (id = 1), account_id TEXT NOT NULL)")
        }
        migrator.registerMigration("rich_text") { db in try forgetHTMLTexts(db) }
        return migrator
    }

    // MARK: Plumbing

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as MicroblogError {
            throw error
        } catch {
            throw MicroblogError.storage(detail: "\(error)")
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.write { db in
                let before = db.totalChangesCount
                defer { if db.totalChangesCount != before { changes.set() } }
                return try body(db)
            }
        } catch let error as MicroblogError {
            throw error
        } catch {
            throw MicroblogError.storage(detail: "\(error)")
        }
    }

    /// Keys sorted, so that the same value always encodes to the same bytes (a copy that did not
    /// change is then not written again).
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
    static let decoder = JSONDecoder()

    static func encode<T: Encodable>(_ value: T) throws -> Data { try encoder.encode(value) }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T { try decoder.decode(type, from: data) }
}

// MARK: - Posts and timelines

extension TimelineCache {
    /// Up to `limit` posts of a timeline, newest first, below `olderThan` when given (none when it is not there).
    public func posts(_ timeline: String, limit: Int = 40, olderThan: String? = nil) throws -> [Post] {
        try read { db in
            let rows: [Row]
            if let olderThan {
                guard let rank = try ServerOrder.timeline(timeline).rank(of: olderThan, db) else { return [] }
                rows = try Row.fetchAll(db, sql: """
                    SELECT p.json FROM timeline_entries e JOIN posts p ON p.id = e.post_id
                    WHERE e.timeline = ? AND e.rank < ? ORDER BY e.rank DESC LIMIT ?
                    """, arguments: [timeline, rank, limit])
            } else {
                rows = try Row.fetchAll(db, sql: """
                    SELECT p.json FROM timeline_entries e JOIN posts p ON p.id = e.post_id
                    WHERE e.timeline = ? ORDER BY e.rank DESC LIMIT ?
                    """, arguments: [timeline, limit])
            }
            return try rows.map { try Self.decode(Post.self, $0["json"]) }
        }
    }

    /// The newest id of a list: a timeline's post, or (`notifications`) a notification.
    public func newestId(_ timeline: String) throws -> String? {
        try read { db in
            try Self.order(timeline).end(newest: true, db)
        }
    }

    /// The newest post id of a timeline among the posts not written by `accountId`.
    public func newestId(_ timeline: String, notBy accountId: String) throws -> String? {
        try read { db in
            try String.fetchOne(db, sql: """
                SELECT e.post_id FROM timeline_entries e JOIN posts p ON p.id = e.post_id
                WHERE e.timeline = ? AND p.account_id != ? ORDER BY e.rank DESC LIMIT 1
                """, arguments: [timeline, accountId])
        }
    }

    /// The oldest id of a list: a timeline's post, or (`notifications`) a notification.
    public func oldestId(_ timeline: String) throws -> String? {
        try read { db in
            try Self.order(timeline).end(newest: false, db)
        }
    }

    /// How many posts a timeline holds.
    public func count(_ timeline: String) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM timeline_entries WHERE timeline = ?", arguments: [timeline]) ?? 0
        }
    }

    /// How many posts of a timeline are above `id`; nil when `id` is not on it.
    public func countNewer(than id: String, in timeline: String) throws -> Int? {
        try read { db in try ServerOrder.timeline(timeline).countAbove(id, db) }
    }

    /// One cached post.
    public func post(id: String) throws -> Post? {
        try read { db in
            try Data.fetchOne(db, sql: "SELECT json FROM posts WHERE id = ?", arguments: [id]).map { try Self.decode(Post.self, $0) }
        }
    }

    /// One cached account (every post's author is kept).
    public func account(id: String) throws -> Account? {
        try read { db in
            try Data.fetchOne(db, sql: "SELECT json FROM accounts WHERE id = ?", arguments: [id]).map { try Self.decode(Account.self, $0) }
        }
    }

    /// Stores posts (replacing older copies) and adds them to the top of a timeline, then trims the
    /// timeline to its newest posts.
    ///
    /// - Returns: how many of them were not on the timeline before.
    @discardableResult
    public func insert(_ posts: [Post], into timeline: String) throws -> Int {
        try insert(posts, into: timeline, at: .top).count
    }

    /// Stores a page of posts (newest first, as the server gave it; replacing older copies) and places those
    /// not on the timeline yet in the server's order (see ``ServerOrder/place(_:_:_:put:update:)``), then
    /// trims the timeline to its newest posts.
    ///
    /// - Returns: the ids of the posts that were not on the timeline before, in the page's order.
    @discardableResult
    public func insert(_ posts: [Post], into timeline: String, at placement: Placement) throws -> [String] {
        guard !posts.isEmpty else { return [] }
        return try write { db in
            for post in posts { try Self.store(post, db) }
            let placed = try ServerOrder.timeline(timeline).place(posts.map(\.id), placement, db, put: { id, rank in
                try db.execute(sql: "INSERT INTO timeline_entries (timeline, post_id, rank) VALUES (?, ?, ?)",
                               arguments: [timeline, id, rank])
            }, update: { _ in })
            try trim(timeline, db)
            return placed
        }
    }

    /// Replaces a cached post (and the boosts that carry it) with a newer copy.
    ///
    /// - Returns: whether the post was in the cache.
    @discardableResult
    public func update(_ post: Post) throws -> Bool {
        try write { db in try Self.replace(post, db) }
    }

    /// Replaces the cached copies of several posts (as the one-post `update` does) in one transaction; when the
    /// cache holds none of them (nor a boost or notification carrying one), nothing is written at all.
    ///
    /// - Returns: how many of the posts were in the cache.
    @discardableResult
    public func update(_ posts: [Post]) throws -> Int {
        guard try holdsAny(posts) else { return 0 }
        return try write { db in try posts.reduce(0) { $0 + (try Self.replace($1, db) ? 1 : 0) } }
    }

    /// Replaces the cached copies of several posts, as the many-post `update` does, and gives those whose
    /// copy changed (a newer shape: edited, counted again, its link card fetched), to show everywhere.
    public func updateChanged(_ posts: [Post]) throws -> [Post] {
        guard try holdsAny(posts) else { return [] }
        return try write { db in try posts.filter { try Self.replacing($0, db).changed } }
    }

    /// Whether the cache holds any of `posts`, a boost of one or a notification about one (one read).
    private func holdsAny(_ posts: [Post]) throws -> Bool {
        guard !posts.isEmpty else { return false }
        let ids = posts.map(\.id)
        let list = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        return try read { db in
            try Bool.fetchOne(
                db, sql: """
                    SELECT EXISTS(SELECT 1 FROM posts WHERE id IN (\(list)) OR reblog_of IN (\(list)))
                        OR EXISTS(SELECT 1 FROM notifications WHERE post_id IN (\(list)))
                    """, arguments: StatementArguments(ids + ids + ids)) ?? false
        }
    }

    /// Puts a poll's new state into every cached post that carries it; returns those posts.
    public func update(_ poll: Poll) throws -> [Post] {
        try write { db in
            let rows = try Data.fetchAll(db, sql: "SELECT json FROM posts WHERE poll_id = ?", arguments: [poll.id])
            var changed: [Post] = []
            for data in rows {
                var post = try Self.decode(Post.self, data)
                if post.reblog != nil {
                    var inner = post.shown
                    inner.poll = poll
                    post.reblog = Box(inner)
                } else {
                    post.poll = poll
                }
                _ = try Self.replace(post.shown, db)
                changed.append(post.shown)
            }
            return changed
        }
    }

    /// Removes a post from every timeline and the boosts of it.
    public func deletePost(id: String) throws {
        try write { db in
            let ids = [id] + (try String.fetchAll(db, sql: "SELECT id FROM posts WHERE reblog_of = ?", arguments: [id]))
            for postId in ids {
                try db.execute(sql: "DELETE FROM timeline_entries WHERE post_id = ?", arguments: [postId])
                try db.execute(sql: "DELETE FROM posts WHERE id = ?", arguments: [postId])
            }
        }
    }

    /// Stores a post and its authors; returns whether the post's row changed (a copy held byte for
    /// byte is not written again).
    @discardableResult
    static func store(_ post: Post, _ db: Database) throws -> Bool {
        let shown = post.shown
        // A copy the cache already holds byte for byte is not written again (the WHERE of the upsert):
        // a page read again changes no page of the database, so nothing is logged or synced.
        try db.execute(sql: """
            INSERT INTO posts (id, account_id, reblog_of, poll_id, visibility, created_at, json)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET account_id = excluded.account_id,
                reblog_of = excluded.reblog_of, poll_id = excluded.poll_id, visibility = excluded.visibility,
                created_at = excluded.created_at, json = excluded.json
            WHERE posts.json IS NOT excluded.json
            """, arguments: [post.id, post.account.id, post.reblog?.value.id, shown.poll?.id,
                             shown.visibility.rawValue, post.createdAt.timeIntervalSince1970, try encode(post)])
        let changed = db.changesCount > 0
        for account in [post.account] + (post.reblog.map { [$0.value.account] } ?? []) {
            try db.execute(sql: """
                INSERT INTO accounts (id, acct, json) VALUES (?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET acct = excluded.acct, json = excluded.json WHERE accounts.json IS NOT excluded.json
                """, arguments: [account.id, account.acct, try encode(account)])
        }
        return changed
    }

    static func replace(_ post: Post, _ db: Database) throws -> Bool {
        try replacing(post, db).found
    }

    /// Puts `post` in place of its cached copy, in the boosts of it and in the notifications about it:
    /// whether any held it, and whether any copy changed.
    static func replacing(_ post: Post, _ db: Database) throws -> (found: Bool, changed: Bool) {
        var found = false
        var changed = false
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM posts WHERE id = ?", arguments: [post.id]) == true {
            changed = try store(post, db) || changed
            found = true
        }
        let boosts = try Data.fetchAll(db, sql: "SELECT json FROM posts WHERE reblog_of = ?", arguments: [post.id])
        for data in boosts {
            var boost = try decode(Post.self, data)
            boost.reblog = Box(post)
            changed = try store(boost, db) || changed
            found = true
        }
        let notifications = try Data.fetchAll(db, sql: "SELECT json FROM notifications WHERE post_id = ?", arguments: [post.id])
        for data in notifications {
            var notification = try decode(MicroblogNotification.self, data)
            notification.post = post
            try db.execute(sql: "UPDATE notifications SET json = ?1 WHERE id = ?2 AND json IS NOT ?1",
                           arguments: [try encode(notification), notification.id])
            changed = changed || db.changesCount > 0
        }
        return (found, changed)
    }

    /// Keeps the newest posts of a timeline; gaps reaching below the kept posts go with them, and the
    /// cursor for the page older than the oldest (it pointed below what was let go).
    func trim(_ timeline: String, _ db: Database) throws {
        let limit = configuration.maxPostsPerTimeline
        guard let cutoff = try Int64.fetchOne(db, sql: """
            SELECT rank FROM timeline_entries WHERE timeline = ? ORDER BY rank DESC LIMIT 1 OFFSET ?
            """, arguments: [timeline, limit - 1])
        else { return }
        try db.execute(sql: "DELETE FROM timeline_entries WHERE timeline = ? AND rank < ?", arguments: [timeline, cutoff])
        guard db.changesCount > 0 else { return }
        try db.execute(sql: """
            DELETE FROM gaps WHERE timeline = ?1 AND older_id NOT IN (SELECT post_id FROM timeline_entries WHERE timeline = ?1)
            """, arguments: [timeline])
        try db.execute(sql: "UPDATE cursors SET older = NULL WHERE timeline = ?", arguments: [timeline])
        try removeOrphans(db)
    }

    static func removeOrphansSQL() -> String {
        """
        DELETE FROM posts WHERE id NOT IN (SELECT post_id FROM timeline_entries)
          AND id NOT IN (SELECT post_id FROM notifications WHERE post_id IS NOT NULL)
        """
    }

    func removeOrphans(_ db: Database) throws {
        try db.execute(sql: Self.removeOrphansSQL())
    }
}

// MARK: - Gaps

extension TimelineCache {
    /// The gaps of a timeline, newest first.
    public func gaps(_ timeline: String) throws -> [Gap] {
        try read { db in
            let order = Self.order(timeline)
            return try Row.fetchAll(db, sql: """
                SELECT id, timeline, newer_id, older_id, cursor FROM gaps WHERE timeline = ?
                ORDER BY (SELECT rank FROM \(order.table) WHERE \(order.scope) AND \(order.idColumn) = gaps.newer_id) DESC
                """, arguments: [timeline] + order.arguments).map(Self.gap)
        }
    }

    /// One gap by id.
    public func gap(id: Int64) throws -> Gap? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT id, timeline, newer_id, older_id, cursor FROM gaps WHERE id = ?", arguments: [id]).map(Self.gap)
        }
    }

    /// Records that items between `newerId` and `olderId` are missing; `cursor` is the network's, for the
    /// page just below `newerId`.
    @discardableResult
    public func addGap(timeline: String, newerId: String, olderId: String, cursor: String?) throws -> Gap {
        try write { db in
            try db.execute(sql: "INSERT INTO gaps (timeline, newer_id, older_id, cursor) VALUES (?, ?, ?, ?)",
                           arguments: [timeline, newerId, olderId, cursor])
            return Gap(id: db.lastInsertedRowID, timeline: timeline, newerId: newerId, olderId: olderId, cursor: cursor)
        }
    }

    /// Moves a gap's upper edge down to `newerId` after part of it was loaded, with the cursor for the
    /// page below it.
    public func narrowGap(id: Int64, newerId: String, cursor: String?) throws {
        try write { db in
            try db.execute(sql: "UPDATE gaps SET newer_id = ?, cursor = ? WHERE id = ?", arguments: [newerId, cursor, id])
        }
    }

    /// Forgets a gap (it was filled).
    public func removeGap(id: Int64) throws {
        try write { db in try db.execute(sql: "DELETE FROM gaps WHERE id = ?", arguments: [id]) }
    }

    private static func gap(_ row: Row) -> Gap {
        Gap(id: row["id"], timeline: row["timeline"], newerId: row["newer_id"], olderId: row["older_id"], cursor: row["cursor"])
    }
}

// MARK: - Notifications

extension TimelineCache {
    /// The key of the notifications' gaps (as `Engine.notificationsTimeline`).
    static let notificationsKey = "notifications"

    /// Stores notifications (and their posts' authors) at the top and keeps the newest; returns how many were new.
    @discardableResult
    public func insert(_ notifications: [MicroblogNotification]) throws -> Int {
        try insert(notifications, at: .top).count
    }

    /// Stores a page of notifications (newest first, as the server gave it; replacing older copies), placing
    /// those not cached yet in the server's order, and keeps the newest.
    ///
    /// - Returns: the ids of the notifications that were not cached before, in the page's order.
    @discardableResult
    public func insert(_ notifications: [MicroblogNotification], at placement: Placement) throws -> [String] {
        guard !notifications.isEmpty else { return [] }
        let byId = Dictionary(notifications.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return try write { db in
            func columns(_ id: String) throws -> StatementArguments {
                let notification = byId[id]!
                return [notification.kind.rawValue, notification.post?.id, notification.post?.shown.visibility == .direct,
                        try Self.encode(notification), id]
            }
            for notification in notifications {
                try db.execute(sql: "INSERT OR REPLACE INTO accounts (id, acct, json) VALUES (?, ?, ?)",
                               arguments: [notification.account.id, notification.account.acct, try Self.encode(notification.account)])
            }
            let placed = try ServerOrder.notifications.place(notifications.map(\.id), placement, db, put: { id, rank in
                try db.execute(sql: "INSERT INTO notifications (kind, post_id, direct, json, id, rank) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: try columns(id) + [rank])
            }, update: { id in
                try db.execute(sql: "UPDATE notifications SET kind = ?, post_id = ?, direct = ?, json = ? WHERE id = ?",
                               arguments: try columns(id))
            })
            if let cutoff = try Int64.fetchOne(db, sql: "SELECT rank FROM notifications ORDER BY rank DESC LIMIT 1 OFFSET ?",
                                               arguments: [configuration.maxNotifications - 1]) {
                try db.execute(sql: "DELETE FROM notifications WHERE rank < ?", arguments: [cutoff])
                if db.changesCount > 0 {
                    // A gap reaching below the kept notifications goes with them, as a timeline's does.
                    try db.execute(sql: "DELETE FROM gaps WHERE timeline = ? AND older_id NOT IN (SELECT id FROM notifications)",
                                   arguments: [Self.notificationsKey])
                    try db.execute(sql: "UPDATE cursors SET older = NULL WHERE timeline = ?", arguments: [Self.notificationsKey])
                }
            }
            return placed
        }
    }

    /// Up to `limit` notifications, newest first, below `olderThan` when given (none when it is not cached).
    public func notifications(limit: Int = 80, olderThan: String? = nil) throws -> [MicroblogNotification] {
        try read { db in
            let data: [Data]
            if let olderThan {
                guard let rank = try ServerOrder.notifications.rank(of: olderThan, db) else { return [] }
                data = try Data.fetchAll(db, sql: "SELECT json FROM notifications WHERE rank < ? ORDER BY rank DESC LIMIT ?",
                                         arguments: [rank, limit])
            } else {
                data = try Data.fetchAll(db, sql: "SELECT json FROM notifications ORDER BY rank DESC LIMIT ?", arguments: [limit])
            }
            return try data.map { try Self.decode(MicroblogNotification.self, $0) }
        }
    }

    /// The newest and oldest cached notification ids.
    public func notificationBounds() throws -> (newest: String?, oldest: String?) {
        try read { db in
            let newest = try ServerOrder.notifications.end(newest: true, db)
            let oldest = try ServerOrder.notifications.end(newest: false, db)
            return (newest, oldest)
        }
    }

    /// The newest notification about a post (the mention that brought it), if cached.
    public func notificationId(forPost postId: String) throws -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT id FROM notifications WHERE post_id = ? ORDER BY rank DESC LIMIT 1", arguments: [postId])
        }
    }

    /// Mentions above the notification `id` (all when nil), split into public ones and direct messages; nil
    /// when `id` is not cached.
    public func countMentions(newerThan id: String?) throws -> (mentions: Int, direct: Int)? {
        try read { db in
            var rank = Int64.min
            if let id {
                guard let found = try ServerOrder.notifications.rank(of: id, db) else { return nil }
                rank = found
            }
            let row = try Row.fetchOne(db, sql: """
                SELECT COALESCE(SUM(direct = 0), 0) AS mentions, COALESCE(SUM(direct = 1), 0) AS direct
                FROM notifications WHERE kind = 'mention' AND rank > ?
                """, arguments: [rank])
            return (row?["mentions"] ?? 0, row?["direct"] ?? 0)
        }
    }
}

// MARK: - Read positions

extension TimelineCache {
    /// The saved read position of a timeline (`TimelineKind.key` or `notifications`).
    public func readPosition(_ timeline: String) throws -> ReadPosition? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM read_positions WHERE timeline = ?", arguments: [timeline]).map {
                ReadPosition(
                    timeline: $0["timeline"], lastReadId: $0["last_read_id"], serverVersion: $0["server_version"],
                    serverUpdatedAt: ($0["server_updated_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
                    needsUpload: $0["needs_upload"])
            }
        }
    }

    /// Saves a read position.
    public func setReadPosition(_ position: ReadPosition) throws {
        try write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO read_positions (timeline, last_read_id, server_version, server_updated_at, needs_upload)
                VALUES (?, ?, ?, ?, ?)
                """, arguments: [position.timeline, position.lastReadId, position.serverVersion,
                                 position.serverUpdatedAt?.timeIntervalSince1970, position.needsUpload])
        }
    }
}

extension TimelineCache {
    /// Takes one post off one timeline (an unbookmarked post leaves the bookmarks).
    public func removeEntry(postId: String, from timeline: String) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM timeline_entries WHERE timeline = ? AND post_id = ?", arguments: [timeline, postId])
        }
    }
}
