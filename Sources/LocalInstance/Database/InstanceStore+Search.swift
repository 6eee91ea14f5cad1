import Foundation
import GRDB

extension InstanceStore {
    /// Statuses the viewer can see whose text contains `query`, newest first.
    func searchStatuses(_ query: String, viewer: Viewer?, limit: Int, offset: Int) throws -> [StatusEntity] {
        try database.queue.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT * FROM statuses WHERE reblog_of_id IS NULL AND (text LIKE ? ESCAPE '\\' OR spoiler_text LIKE ? ESCAPE '\\') ORDER BY id DESC",
                arguments: ["%" + Self.likeEscaped(query) + "%", "%" + Self.likeEscaped(query) + "%"])
            var results: [StatusEntity] = []
            var skipped = 0
            for row in rows where results.count < limit {
                guard try canSee(db, status: row, viewer: viewer) else { continue }
                if skipped < offset {
                    skipped += 1
                    continue
                }
                results.append(try status(db, row: row, viewer: viewer))
            }
            return results
        }
    }

    /// Hashtags in use that start with `query` (without `#`).
    func searchTags(_ query: String, limit: Int, offset: Int) throws -> [TagEntity] {
        let term = query.hasPrefix("#") ? String(query.dropFirst()) : query
        return try database.queue.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT LOWER(name) AS n FROM status_tags WHERE name LIKE ? ESCAPE '\\' GROUP BY n ORDER BY COUNT(*) DESC, n LIMIT ? OFFSET ?",
                arguments: [Self.likeEscaped(term) + "%", limit, offset]
            ).map { TagEntity(name: $0, url: "\(baseURL)/tags/\($0)", history: [], following: false) }
        }
    }

    /// Counts for the instance document.
    func counts() throws -> (users: Int, statuses: Int) {
        try database.queue.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM accounts") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM statuses WHERE reblog_of_id IS NULL") ?? 0
            )
        }
    }
}
