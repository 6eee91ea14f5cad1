import Foundation
import GRDB
import MicroblogKit

extension TimelineCache {
    /// Which timelines were open and the one the user was on, as last saved (nil when never saved).
    public func openTimelines() throws -> OpenTimelines? {
        try read { db in
            try Data.fetchOne(db, sql: "SELECT json FROM open_timelines WHERE id = 1").map { try Self.decode(OpenTimelines.self, $0) }
        }
    }

    /// Keeps which timelines are open beside the read positions (one row, replaced).
    public func setOpenTimelines(_ timelines: OpenTimelines) throws {
        let json = try Self.encode(timelines)
        try write { db in
            try db.execute(sql: """
                INSERT INTO open_timelines (id, json) VALUES (1, ?1)
                ON CONFLICT(id) DO UPDATE SET json = excluded.json WHERE open_timelines.json IS NOT excluded.json
                """, arguments: [json])
        }
    }
}
