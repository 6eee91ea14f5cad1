import Foundation
import GRDB

/// Two people with locked accounts who ask to follow the owner, so the demo has follow requests to
/// accept or reject. Added once (also to a database seeded before they existed).
enum DemoFollowRequests {
    /// The requesters: username, display name, note, language.
    static let people: [(String, String, String, String)] = [
        ("ines", "Inés Castro", "Bird ringer on the Ebro delta. My account is locked: I like to know who reads me.", "es"),
        ("kenji", "Kenji Mori", "Slow reader, slow writer. Locked account; say hello before you follow.", "en"),
    ]

    static func seedIfMissing(_ store: InstanceStore) throws {
        try store.database.queue.write { db in
            guard try String.fetchOne(db, sql: "SELECT value FROM instance_meta WHERE key = 'demo_follow_requests'") == nil,
                let owner = try Int64.fetchOne(db, sql: "SELECT id FROM accounts WHERE is_owner = 1")
            else { return }
            let now = store.nowMillis()
            for (offset, person) in people.enumerated() {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO accounts (username, display_name, note, created_at, locked, language) VALUES (?, ?, ?, ?, 1, ?)",
                    arguments: [person.0, person.1, person.2, now - 200 * 86_400_000, person.3])
                guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM accounts WHERE username = ?", arguments: [person.0]) else { continue }
                try db.execute(
                    sql: "INSERT OR IGNORE INTO follow_requests (account_id, target_account_id, created_at) VALUES (?, ?, ?)",
                    arguments: [id, owner, now - Int64(2 - offset) * 3_600_000])
            }
            try db.execute(sql: "INSERT INTO instance_meta (key, value) VALUES ('demo_follow_requests', '1')")
        }
    }
}
