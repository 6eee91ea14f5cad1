import Foundation
import GRDB

/// What a new filter carries (`POST /api/v2/filters`).
struct NewFilter: Sendable {
    var title: String
    var contexts: [String]
    var action: String = "warn"
    var expiresIn: Int?
    var keywords: [(text: String, wholeWord: Bool)] = []
}

extension InstanceStore {
    static let filterActions: Set<String> = ["warn", "hide", "blur"]

    /// The account's filters that have not expired, with their keywords; each entity as a `FilterResult` holds
    /// it (without keywords).
    func filters(_ db: Database, accountID: Int64) throws -> [StatusDecorations.Filter] {
        let rows = try db.cachedRows(
            "SELECT * FROM filters WHERE account_id = ? AND (expires_at IS NULL OR expires_at > ?) ORDER BY id", [accountID, nowMillis()])
        guard !rows.isEmpty else { return [] }
        var keywords: [Int64: [(String, Bool)]] = [:]
        for row in try db.cachedRows(
            "SELECT k.* FROM filter_keywords k JOIN filters f ON f.id = k.filter_id WHERE f.account_id = ? ORDER BY k.id", [accountID])
        {
            keywords[row["filter_id"], default: []].append((row["keyword"], row["whole_word"]))
        }
        return rows.map { row in
            let id: Int64 = row["id"]
            return StatusDecorations.Filter(entity: filterEntity(row), keywords: (keywords[id] ?? []).map { (text: $0.0, wholeWord: $0.1) })
        }
    }

    /// The entity for a row of `filters`, without keywords.
    private func filterEntity(_ row: Row) -> FilterEntity {
        let expires: Int64? = row["expires_at"]
        let contexts = (row["contexts"] as String).split(separator: ",").map(String.init)
        return FilterEntity(
            id: String(row["id"] as Int64), title: row["title"], context: contexts,
            expiresAt: expires.map { MastodonDate.string(MastodonDate.date(millis: $0)) }, filterAction: row["action"],
            keywords: nil, statuses: nil)
    }

    /// The viewer's filters with their keywords, as `/api/v2/filters` lists them.
    func filterList(viewer: Viewer, id: Int64? = nil) throws -> [FilterEntity] {
        try database.queue.read { db in
            var sql = "SELECT * FROM filters WHERE account_id = ?"
            var arguments: [(any DatabaseValueConvertible)?] = [viewer.accountID]
            if let id {
                sql += " AND id = ?"
                arguments.append(id)
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY id", arguments: StatementArguments(arguments)).map { row in
                var entity = filterEntity(row)
                entity.keywords = try Row.fetchAll(
                    db, sql: "SELECT * FROM filter_keywords WHERE filter_id = ? ORDER BY id", arguments: [row["id"] as Int64]
                ).map { FilterEntity.Keyword(id: String($0["id"] as Int64), keyword: $0["keyword"], wholeWord: $0["whole_word"]) }
                entity.statuses = []
                return entity
            }
        }
    }

    /// Creates a filter for the viewer.
    ///
    /// - Throws: ``APIError`` 422 without a title or a known context, or with an unknown action.
    func createFilter(_ new: NewFilter, viewer: Viewer) throws -> FilterEntity {
        let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw APIError.unprocessable("Title can't be blank") }
        let contexts = new.contexts.filter { FilterContext(rawValue: $0) != nil }
        guard !contexts.isEmpty, contexts.count == new.contexts.count else {
            throw APIError.unprocessable("Context must be home, notifications, public, thread or account")
        }
        guard Self.filterActions.contains(new.action) else { throw APIError.unprocessable("Filter action must be warn, hide or blur") }
        let id = try database.queue.write { db -> Int64 in
            try insertFilter(db, new, title: title, contexts: contexts, accountID: viewer.accountID)
        }
        guard let entity = try filterList(viewer: viewer, id: id).first else { throw APIError.notFound() }
        return entity
    }

    /// Writes a filter inside an open transaction; returns its id.
    @discardableResult
    func insertFilter(_ db: Database, _ new: NewFilter, title: String, contexts: [String], accountID: Int64) throws -> Int64 {
        let now = nowMillis()
        try db.execute(
            sql: "INSERT INTO filters (account_id, title, contexts, action, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [accountID, title, contexts.joined(separator: ","), new.action, new.expiresIn.map { now + Int64($0) * 1000 }, now])
        let id = db.lastInsertedRowID
        for keyword in new.keywords where !keyword.text.isEmpty {
            try db.execute(
                sql: "INSERT INTO filter_keywords (filter_id, keyword, whole_word) VALUES (?, ?, ?)",
                arguments: [id, keyword.text, keyword.wholeWord])
        }
        return id
    }

    /// Deletes one of the viewer's filters.
    func deleteFilter(id: Int64, viewer: Viewer) throws {
        try database.queue.write { db in
            try db.execute(sql: "DELETE FROM filters WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID])
            if db.changesCount == 0 { throw APIError.notFound() }
        }
    }
}
