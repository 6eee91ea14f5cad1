import Foundation
import GRDB

/// A timeline's selection of statuses.
enum TimelineKind: Sendable, Equatable {
    case home
    case publicTimeline(local: Bool, remote: Bool, onlyMedia: Bool)
    case tag(String)
    case list(Int64)
    case account(Int64, excludeReplies: Bool, excludeReblogs: Bool, onlyMedia: Bool)
    case favourites
    case bookmarks
    /// Public posts that share a link (the address as given).
    case link(String)
}

extension TimelineKind {
    /// The filter context of the timeline; nil (every filter) for favourites and bookmarks.
    var filterContext: FilterContext? {
        switch self {
        case .home, .list: .home
        case .publicTimeline, .tag, .link: .public
        case .account: .account
        case .favourites, .bookmarks: nil
        }
    }
}

extension InstanceStore {
    /// One page of a timeline for the viewer, newest first.
    func timeline(_ kind: TimelineKind, page: PageQuery, viewer: Viewer?) throws -> Page<StatusEntity> {
        try database.queue.read { db in
            // The page's rows first, then their entities all at once (one query per kind of data, not per post).
            let (rows, page) = try timelineRows(db, kind, page: page, viewer: viewer)
            let entities = try statuses(db, rows: rows, viewer: viewer, context: kind.filterContext)
            return page.map { entities[$0] }
        }
    }

    /// The status rows of one page of a timeline (what the viewer may see, without what they silenced), and the
    /// page of their places in that list with its cursors; the AT Protocol face makes its own views of them.
    func timelineRows(_ db: Database, _ kind: TimelineKind, page: PageQuery, viewer: Viewer?) throws -> ([Row], Page<Int>) {
        let (cursorColumn, from, condition, arguments) = try selection(db, kind, viewer: viewer)
        var rows: [Row] = []
        let silenced = kind.hidesSilenced ? try silencedAccounts(db, viewer: viewer) : []
        let page = try paginate(
            db, select: "s.*", column: cursorColumn, from: from, condition: condition, arguments: arguments, page: page
        ) { row -> Int? in
            guard try canSee(db, status: row, viewer: viewer), try !isSilenced(db, status: row, by: silenced, viewer: viewer) else { return nil }
            if let reblog: Int64 = row["reblog_of_id"], try visibleStatusRow(db, id: reblog, viewer: viewer) == nil {
                return nil
            }
            rows.append(row)
            return rows.count - 1
        }
        return (rows, page)
    }

    /// Reads rows in cursor order, in batches, keeping those `build` accepts until a page is full.
    ///
    /// Rows `build` rejects (hidden statuses) never shorten a page that has more rows behind it.
    func paginate<T: Sendable>(
        _ db: Database, select: String, column: String, from: String, condition: String,
        arguments: [(any DatabaseValueConvertible)?], page: PageQuery, build: (Row) throws -> T?
    ) throws -> Page<T> {
        let ascending = page.minID != nil
        let batch = max(page.limit, 40)
        var results: [(Int64, T)] = []
        var bound: Int64?
        while results.count < page.limit {
            var conditions = ["(\(condition))"]
            var values = arguments
            if let maxID = page.maxID { conditions.append("\(column) < ?"); values.append(maxID) }
            if let sinceID = page.sinceID { conditions.append("\(column) > ?"); values.append(sinceID) }
            if let minID = page.minID { conditions.append("\(column) > ?"); values.append(minID) }
            if let bound { conditions.append(ascending ? "\(column) > ?" : "\(column) < ?"); values.append(bound) }
            let rows = try db.cachedRows(
                "SELECT \(select), \(column) AS page_cursor FROM \(from) WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(column) \(ascending ? "ASC" : "DESC") LIMIT \(batch)",
                StatementArguments(values))
            for row in rows where results.count < page.limit {
                if let item = try build(row) { results.append((row["page_cursor"], item)) }
            }
            guard rows.count == batch, let last = rows.last else { break }
            bound = last["page_cursor"]
        }
        if ascending { results.reverse() }
        return Page(items: results.map(\.1), cursors: results.map(\.0))
    }

    private func selection(_ db: Database, _ kind: TimelineKind, viewer: Viewer?) throws -> (
        String, String, String, [(any DatabaseValueConvertible)?]
    ) {
        switch kind {
        case .home:
            guard let viewer else { throw APIError.unauthorized() }
            return (
                "s.id", "statuses s",
                // As Mastodon's feed does, a boost of a post already in home (the viewer's own or by someone
                // they follow) is left out: the post is there once. The viewer's own boosts stay. Public posts with
                // a hashtag the viewer follows come in too.
                //
                // The `+` keeps SQLite from answering the OR through its indexes: that gathered every post of every
                // followed account and sorted them all for a page of 40 (24 ms with 100,000 posts). Without it the
                // statuses are read newest first, by id, and reading stops when the page is full (0.05 ms).
                """
                (+s.account_id = ? OR +s.account_id IN (SELECT target_account_id FROM follows WHERE account_id = ?) OR +s.id IN (SELECT status_id FROM mentions WHERE account_id = ?)
                 OR (s.visibility = 'public' AND +\(InstanceStore.followedTagSQL)))
                AND (s.reblog_of_id IS NULL OR s.account_id = ? OR NOT EXISTS(SELECT 1 FROM statuses o WHERE o.id = s.reblog_of_id
                     AND (o.account_id = ? OR o.account_id IN (SELECT target_account_id FROM follows WHERE account_id = ?))))
                """,
                Array(repeating: viewer.accountID, count: 7)
            )
        case .publicTimeline(_, let remote, let onlyMedia):
            // Every account here is local, so `local` changes nothing and `remote` leaves nothing.
            var condition = "s.visibility = 'public' AND s.reblog_of_id IS NULL"
            if remote { condition += " AND 0" }
            if onlyMedia { condition += " AND EXISTS(SELECT 1 FROM media WHERE media.status_id = s.id)" }
            return ("s.id", "statuses s", condition, [])
        case .tag(let name):
            return (
                "s.id", "statuses s",
                "s.visibility = 'public' AND s.id IN (SELECT status_id FROM status_tags WHERE name = ?)", [name]
            )
        case .list(let listID):
            guard let viewer else { throw APIError.unauthorized() }
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM lists WHERE id = ? AND account_id = ?)"), arguments: [listID, viewer.accountID]) == true
            else { throw APIError.notFound() }
            return ("s.id", "statuses s", "s.account_id IN (SELECT account_id FROM list_accounts WHERE list_id = ?)", [listID])
        case .account(let accountID, let excludeReplies, let excludeReblogs, let onlyMedia):
            var condition = "s.account_id = ?"
            if excludeReplies { condition += " AND (s.in_reply_to_id IS NULL OR s.in_reply_to_account_id = s.account_id)" }
            if excludeReblogs { condition += " AND s.reblog_of_id IS NULL" }
            if onlyMedia { condition += " AND EXISTS(SELECT 1 FROM media WHERE media.status_id = s.id)" }
            return ("s.id", "statuses s", condition, [accountID])
        case .favourites:
            guard let viewer else { throw APIError.unauthorized() }
            return ("f.id", "favourites f JOIN statuses s ON s.id = f.status_id", "f.account_id = ?", [viewer.accountID])
        case .bookmarks:
            guard let viewer else { throw APIError.unauthorized() }
            return ("b.id", "bookmarks b JOIN statuses s ON s.id = b.status_id", "b.account_id = ?", [viewer.accountID])
        case .link(let url):
            return ("s.id", "statuses s", "s.visibility = 'public' AND s.reblog_of_id IS NULL AND instr(s.text, ?) > 0", [url])
        }
    }

    /// The ancestors and descendants of a status (`/context`), oldest first.
    func context(id: Int64, viewer: Viewer?) throws -> ContextEntity {
        try database.queue.read { db in
            guard let row = try visibleStatusRow(db, id: id, viewer: viewer) else { throw APIError.notFound() }
            var ancestors: [StatusEntity] = []
            var parent: Int64? = row["in_reply_to_id"]
            var seen: Set<Int64> = [id]
            while let current = parent, !seen.contains(current), let parentRow = try visibleStatusRow(db, id: current, viewer: viewer) {
                seen.insert(current)
                ancestors.insert(try status(db, row: parentRow, viewer: viewer, context: .thread), at: 0)
                parent = parentRow["in_reply_to_id"]
            }
            var descendants: [StatusEntity] = []
            func walk(_ statusID: Int64) throws {
                let children = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM statuses WHERE in_reply_to_id = ? ORDER BY id"), arguments: [statusID])
                for child in children where try canSee(db, status: child, viewer: viewer) {
                    let childID: Int64 = child["id"]
                    guard seen.insert(childID).inserted else { continue }
                    descendants.append(try status(db, row: child, viewer: viewer, context: .thread))
                    try walk(childID)
                }
            }
            try walk(id)
            return ContextEntity(ancestors: ancestors, descendants: descendants)
        }
    }
}
