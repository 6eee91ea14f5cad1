import Foundation
import GRDB

/// What is being talked about on the instance this week: the most boosted and favourited public posts, the
/// hashtags used by the most people, and the links shared most.
extension InstanceStore {
    /// How far back trends look.
    static let trendWindowMillis: Int64 = 7 * 86_400_000

    /// Public posts of the last week with boosts or favourites, the most of both first.
    func trendingStatuses(limit: Int, offset: Int, viewer: Viewer?) throws -> [StatusEntity] {
        try database.queue.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT s.*, (SELECT COUNT(*) FROM favourites f WHERE f.status_id = s.id)
                              + (SELECT COUNT(*) FROM statuses b WHERE b.reblog_of_id = s.id) AS score
                    FROM statuses s WHERE s.visibility = 'public' AND s.reblog_of_id IS NULL AND s.created_at >= ?
                    ORDER BY score DESC, s.id DESC
                    """, arguments: [nowMillis() - Self.trendWindowMillis])
            var shown: [Row] = []
            for row in rows where (row["score"] as Int) > 0 {
                guard try !isSilenced(db, status: row, viewer: viewer) else { continue }
                shown.append(row)
            }
            return try statuses(db, rows: Array(shown.dropFirst(offset).prefix(limit)), viewer: viewer, context: .public)
        }
    }

    /// Hashtags of the last week's public posts, those used by the most people first.
    func trendingTags(limit: Int, offset: Int, viewer: Viewer?) throws -> [TagEntity] {
        try database.queue.read { db in
            let names = try String.fetchAll(
                db,
                sql: """
                    SELECT MIN(t.name) FROM status_tags t JOIN statuses s ON s.id = t.status_id
                    WHERE s.visibility = 'public' AND s.created_at >= ?
                    GROUP BY LOWER(t.name) ORDER BY COUNT(DISTINCT s.account_id) DESC, COUNT(*) DESC, LOWER(t.name) LIMIT ? OFFSET ?
                    """, arguments: [nowMillis() - Self.trendWindowMillis, limit, offset])
            return try names.map { try tagEntity(db, name: $0, viewer: viewer) }
        }
    }

    /// Link cards of links in the last week's public posts, the most shared first.
    func trendingLinks(limit: Int, offset: Int) throws -> [PreviewCardEntity] {
        try database.queue.read { db in
            let texts = try String.fetchAll(
                db, sql: "SELECT text FROM statuses WHERE visibility = 'public' AND reblog_of_id IS NULL AND created_at >= ?",
                arguments: [nowMillis() - Self.trendWindowMillis])
            var shares: [String: Int] = [:]
            for text in texts {
                if let link = Self.firstLink(text) { shares[link, default: 0] += 1 }
            }
            let cards = try Row.fetchAll(db, sql: "SELECT * FROM preview_cards").map(Self.card).filter { shares[$0.url] != nil }
            let ordered = cards.sorted { (shares[$0.url] ?? 0, $1.url) > (shares[$1.url] ?? 0, $0.url) }
            return Array(ordered.dropFirst(offset).prefix(limit))
        }
    }
}
