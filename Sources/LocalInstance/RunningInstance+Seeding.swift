import Foundation
import GRDB

/// Extra people and posts for tests and benchmarks that need more than the demo community.
extension RunningInstance {
    /// Creates `count` accounts (`<prefix>1`, `<prefix>2` …) that follow `username`; returns their ids.
    @discardableResult
    public func seedFollowers(of username: String, count: Int, prefix: String = "fan") throws -> [String] {
        let store = services.store
        let now = store.nowMillis()
        return try store.database.queue.write { db -> [String] in
            guard let target = try Int64.fetchOne(db, sql: "SELECT id FROM accounts WHERE username = ?", arguments: [username]) else {
                throw LocalInstanceError.database(path: "accounts", reason: "no account \(username)")
            }
            var ids: [String] = []
            for index in 1...max(count, 1) where index <= count {
                try db.execute(
                    sql: "INSERT INTO accounts (username, display_name, note, created_at) VALUES (?, ?, '', ?)",
                    arguments: ["\(prefix)\(index)", "Follower \(index)", now - Int64(index) * 60_000])
                let id = db.lastInsertedRowID
                try db.execute(
                    sql: "INSERT INTO follows (account_id, target_account_id, created_at) VALUES (?, ?, ?)",
                    arguments: [id, target, now - Int64(index) * 60_000])
                ids.append(String(id))
            }
            return ids
        }
    }

    /// Writes `count` public posts by `author`, one a minute, the newest a minute ago; returns their ids.
    @discardableResult
    public func seedPosts(count: Int, author: String, text: String = "Seeded post") throws -> [String] {
        let store = services.store
        let now = store.nowMillis()
        return try store.database.queue.write { db -> [String] in
            guard let account = try Int64.fetchOne(db, sql: "SELECT id FROM accounts WHERE username = ?", arguments: [author]) else {
                throw LocalInstanceError.database(path: "accounts", reason: "no account \(author)")
            }
            var ids: [String] = []
            for index in 0..<count {
                var new = NewStatus(text: "\(text) \(index + 1)")
                new.language = "en"
                let created = now - Int64(count - index) * 60_000
                ids.append(String(try store.insertStatus(db, new, accountID: account, inReplyToAccountID: nil, createdAt: created)))
            }
            return ids
        }
    }

    /// Publishes a post as `username` now, announcing it on the streams as the API would; returns its id.
    @discardableResult
    public func publish(as username: String, text: String) throws -> String {
        let store = services.store
        let account = try store.database.queue.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM accounts WHERE username = ?", arguments: [username])
        }
        guard let account else { throw LocalInstanceError.database(path: "accounts", reason: "no account \(username)") }
        var new = NewStatus(text: text)
        new.language = "en"
        let (id, events) = try store.createStatus(new, viewer: Viewer(accountID: account, scopes: ["read", "write"]), idempotencyKey: nil)
        services.hub.publish(events)
        return String(id)
    }
}
