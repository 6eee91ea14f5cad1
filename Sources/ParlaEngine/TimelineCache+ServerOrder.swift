import Foundation
import GRDB
import MicroblogKit

/// Where the new items of a page go in a cached list when no item before them in the page is cached
/// (those after a cached item go just below it, as the server gave them).
public enum Placement: Sendable, Hashable {
    /// Above everything cached: a newer page.
    case top
    /// Below everything cached: an older page.
    case bottom
    /// Just below this cached item: a page inside a gap, under its upper edge.
    case below(String)
}

/// The order of one cached list as the server gave it: each item has a rank, higher is newer. Ranks are
/// only ever compared within the list; ids are never compared at all. Items placed between others push
/// the older ones down.
struct ServerOrder {
    /// The table holding the list's rows and their `rank`.
    let table: String
    /// The column naming an item.
    let idColumn: String
    /// The SQL that picks the list's rows out of the table.
    let scope: String
    let arguments: StatementArguments

    /// A timeline's posts.
    static func timeline(_ timeline: String) -> ServerOrder {
        ServerOrder(table: "timeline_entries", idColumn: "post_id", scope: "timeline = ?", arguments: [timeline])
    }

    /// The notifications.
    static let notifications = ServerOrder(table: "notifications", idColumn: "id", scope: "1 = 1", arguments: [])

    func rank(of id: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT rank FROM \(table) WHERE \(scope) AND \(idColumn) = ?", arguments: arguments + [id])
    }

    func highest(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT MAX(rank) FROM \(table) WHERE \(scope)", arguments: arguments)
    }

    func lowest(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT MIN(rank) FROM \(table) WHERE \(scope)", arguments: arguments)
    }

    /// The id at one end of the list (`newest` true: the top).
    func end(newest: Bool, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT \(idColumn) FROM \(table) WHERE \(scope) ORDER BY rank \(newest ? "DESC" : "ASC") LIMIT 1",
                            arguments: arguments)
    }

    /// How many items are ranked above `id`; nil when `id` is not in the list.
    func countAbove(_ id: String, _ db: Database) throws -> Int? {
        guard let rank = try rank(of: id, db) else { return nil }
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(scope) AND rank > ?", arguments: arguments + [rank]) ?? 0
    }

    /// Which of `ids` the list holds (one query per thousand).
    func held(_ ids: [String], _ db: Database) throws -> Set<String> {
        var found = Set<String>()
        for start in stride(from: 0, to: ids.count, by: 1_000) {
            let chunk = Array(ids[start..<min(ids.count, start + 1_000)])
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            found.formUnion(try String.fetchAll(db, sql: "SELECT \(idColumn) FROM \(table) WHERE \(scope) AND \(idColumn) IN (\(marks))",
                                                arguments: arguments + StatementArguments(chunk)))
        }
        return found
    }

    /// Places a page's items (newest first, as the server gave them): `put` is called once per item not in
    /// the list yet with the rank it takes (the row is written there before the next is placed), and
    /// `update` once per item already in it (which keeps its place). Returns the ids placed.
    ///
    /// A run of new items that follows a cached item of the page goes just below it; the run before the
    /// first cached one goes by `placement`.
    @discardableResult
    func place(_ ids: [String], _ placement: Placement, _ db: Database,
               put: (String, Int64) throws -> Void, update: (String) throws -> Void) throws -> [String] {
        var seen = Set<String>()
        let unique = ids.filter { seen.insert($0).inserted }
        let cached = try held(unique, db)
        var anchor: Int64?
        switch placement {
        case .top, .bottom: anchor = nil
        case .below(let id): anchor = try rank(of: id, db)
        }
        var placed: [String] = []
        var index = 0
        while index < unique.count {
            if cached.contains(unique[index]) {
                try update(unique[index])
                anchor = try rank(of: unique[index], db) ?? anchor
                index += 1
                continue
            }
            var end = index
            while end < unique.count, !cached.contains(unique[end]) { end += 1 }
            let run = unique[index..<end]
            let ranks: [Int64]
            if let below = anchor {
                try db.execute(sql: "UPDATE \(table) SET rank = rank - ? WHERE \(scope) AND rank < ?",
                               arguments: [Int64(run.count)] + arguments + [below])
                ranks = (1...run.count).map { below - Int64($0) }
            } else if placement == .bottom {
                let bottom = try lowest(db) ?? 1
                ranks = (1...run.count).map { bottom - Int64($0) }
            } else {
                let top = try highest(db) ?? 0
                ranks = (1...run.count).map { top + Int64(run.count - $0 + 1) }
            }
            for (id, rank) in zip(run, ranks) { try put(id, rank) }
            placed += run
            anchor = ranks.last
            index = end
        }
        return placed
    }
}

// MARK: - Cursors

extension TimelineCache {
    /// The network's cursors kept for a list: the page just newer than the newest page read (where
    /// catching up starts) and the page just older than the oldest (where reading older goes on).
    public struct Cursors: Sendable, Hashable {
        public var newer: String?
        public var older: String?

        public init(newer: String? = nil, older: String? = nil) {
            self.newer = newer
            self.older = older
        }
    }

    /// The cursors kept for a list (`TimelineKind.key` or `notifications`).
    public func cursors(_ timeline: String) throws -> Cursors {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT newer, older FROM cursors WHERE timeline = ?", arguments: [timeline])
                .map { Cursors(newer: $0["newer"], older: $0["older"]) } ?? Cursors()
        }
    }

    /// Keeps the cursor for the page just newer than the newest page read of a list.
    public func setNewerCursor(_ cursor: String?, for timeline: String) throws {
        try write { db in
            try db.execute(sql: "INSERT INTO cursors (timeline, newer) VALUES (?, ?) ON CONFLICT(timeline) DO UPDATE SET newer = excluded.newer",
                           arguments: [timeline, cursor])
        }
    }

    /// Keeps the cursor for the page just older than the oldest page read of a list.
    public func setOlderCursor(_ cursor: String?, for timeline: String) throws {
        try write { db in
            try db.execute(sql: "INSERT INTO cursors (timeline, older) VALUES (?, ?) ON CONFLICT(timeline) DO UPDATE SET older = excluded.older",
                           arguments: [timeline, cursor])
        }
    }

    /// Whether a list holds an item (a post of a timeline, or a notification).
    public func contains(_ id: String, in timeline: String) throws -> Bool {
        try read { db in try Self.order(timeline).rank(of: id, db) != nil }
    }

    /// The order of a list by its key.
    static func order(_ timeline: String) -> ServerOrder {
        timeline == notificationsKey ? .notifications : .timeline(timeline)
    }

    /// Turns the order of a cache written before server order was kept (ids sorted as Mastodon's) into
    /// ranks, keeps gaps by their edges (their cursors are asked of the network when they are filled), and
    /// adds the table of cursors. Drafts, the outbox and read positions are not touched.
    static func migrateToServerOrder(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE entries_ranked (
                timeline TEXT NOT NULL, post_id TEXT NOT NULL, rank INTEGER NOT NULL,
                PRIMARY KEY (timeline, post_id)) WITHOUT ROWID;
            INSERT INTO entries_ranked (timeline, post_id, rank)
                SELECT timeline, post_id, ROW_NUMBER() OVER (PARTITION BY timeline ORDER BY sort_key) FROM timeline_entries;
            DROP TABLE timeline_entries;
            ALTER TABLE entries_ranked RENAME TO timeline_entries;
            CREATE INDEX timeline_entries_rank ON timeline_entries(timeline, rank);
            CREATE INDEX timeline_entries_post ON timeline_entries(post_id);
            ALTER TABLE notifications ADD COLUMN rank INTEGER NOT NULL DEFAULT 0;
            UPDATE notifications SET rank = ordered.rank
                FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY sort_key) AS rank FROM notifications) AS ordered
                WHERE ordered.id = notifications.id;
            DROP INDEX notifications_order;
            ALTER TABLE notifications DROP COLUMN sort_key;
            CREATE INDEX notifications_rank ON notifications(rank);
            ALTER TABLE posts DROP COLUMN sort_key;
            CREATE TABLE gaps_cursored (
                id INTEGER PRIMARY KEY AUTOINCREMENT, timeline TEXT NOT NULL,
                newer_id TEXT NOT NULL, older_id TEXT NOT NULL, cursor TEXT);
            INSERT INTO gaps_cursored (id, timeline, newer_id, older_id) SELECT id, timeline, newer_id, older_id FROM gaps;
            DROP TABLE gaps;
            ALTER TABLE gaps_cursored RENAME TO gaps;
            CREATE INDEX gaps_timeline ON gaps(timeline);
            CREATE TABLE cursors (timeline TEXT PRIMARY KEY, newer TEXT, older TEXT);
            """)
    }
}
