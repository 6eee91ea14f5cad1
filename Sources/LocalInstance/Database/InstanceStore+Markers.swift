import Foundation
import GRDB

extension InstanceStore {
    static let markerTimelines: Set<String> = ["home", "notifications"]

    /// The viewer's markers for the named timelines.
    func markers(timelines: [String], viewer: Viewer) throws -> [(String, MarkerEntity)] {
        try database.queue.read { db in
            try timelines.filter(Self.markerTimelines.contains).compactMap { timeline in
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM markers WHERE account_id = ? AND timeline = ?", arguments: [viewer.accountID, timeline])
                else { return nil }
                return (timeline, marker(row))
            }
        }
    }

    private func marker(_ row: Row) -> MarkerEntity {
        let last: Int64 = row["last_read_id"]
        return MarkerEntity(
            lastReadId: String(last), version: row["version"],
            updatedAt: MastodonDate.string(MastodonDate.date(millis: row["updated_at"])))
    }

    /// Saves read positions (`home[last_read_id]`, `notifications[last_read_id]`).
    func saveMarkers(_ positions: [String: Int64], viewer: Viewer) throws -> [(String, MarkerEntity)] {
        guard !positions.isEmpty else { throw APIError.badRequest("home or notifications is missing") }
        return try database.queue.write { db in
            try positions.keys.sorted().map { timeline in
                try db.execute(
                    sql: """
                        INSERT INTO markers (account_id, timeline, last_read_id, version, updated_at) VALUES (?, ?, ?, 1, ?)
                        ON CONFLICT(account_id, timeline) DO UPDATE SET last_read_id = excluded.last_read_id,
                            version = markers.version + 1, updated_at = excluded.updated_at
                        """, arguments: [viewer.accountID, timeline, positions[timeline]!, nowMillis()])
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM markers WHERE account_id = ? AND timeline = ?", arguments: [viewer.accountID, timeline])!
                return (timeline, marker(row))
            }
        }
    }
}
