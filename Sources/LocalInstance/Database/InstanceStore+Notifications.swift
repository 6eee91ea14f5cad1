import Foundation
import GRDB

extension InstanceStore {
    /// The notification entity for a row, or nil when its status is gone.
    func notification(_ db: Database, row: Row) throws -> NotificationEntity? {
        let recipient = Viewer(accountID: row["account_id"], scopes: ["read"])
        guard let from = try account(db, id: row["from_account_id"]) else { return nil }
        var status: StatusEntity?
        if let statusID: Int64 = row["status_id"] {
            guard let entity = try self.status(db, id: statusID, viewer: recipient, context: .notifications) else { return nil }
            status = entity
        }
        let id: Int64 = row["id"]
        let type: String = row["type"]
        return NotificationEntity(
            id: String(id), type: type, createdAt: MastodonDate.string(MastodonDate.date(millis: row["created_at"])),
            groupKey: Self.groupKey(row), account: from, status: status)
    }

    /// Adds `poll` notifications for polls that have ended since the last look (to the author and voters).
    func settleEndedPolls() throws {
        try database.queue.write { db in
            let ended = try Row.fetchAll(
                db,
                sql: """
                    SELECT p.id, p.status_id, p.expires_at, s.account_id FROM polls p JOIN statuses s ON s.id = p.status_id
                    WHERE p.expires_at <= ? AND NOT EXISTS(SELECT 1 FROM notifications n WHERE n.type = 'poll' AND n.status_id = p.status_id)
                    """, arguments: [nowMillis()])
            for poll in ended {
                let author: Int64 = poll["account_id"]
                var recipients = Set(try Int64.fetchAll(db, sql: "SELECT DISTINCT account_id FROM poll_votes WHERE poll_id = ?", arguments: [poll["id"] as Int64]))
                recipients.insert(author)
                for recipient in recipients.sorted() {
                    try notify(db, recipient: recipient, from: author, type: "poll", statusID: poll["status_id"], at: poll["expires_at"])
                }
            }
        }
    }

    /// A page of the viewer's notifications, optionally only some types or leaving some out.
    func notifications(viewer: Viewer, page: PageQuery, types: [String], excludeTypes: [String]) throws -> Page<NotificationEntity> {
        try settleEndedPolls()
        return try database.queue.read { db in
            var condition = "n.account_id = ?"
            var arguments: [(any DatabaseValueConvertible)?] = [viewer.accountID]
            if !types.isEmpty {
                condition += " AND n.type IN (\(types.map { _ in "?" }.joined(separator: ",")))"
                arguments += types.map { $0 as (any DatabaseValueConvertible)? }
            }
            if !excludeTypes.isEmpty {
                condition += " AND n.type NOT IN (\(excludeTypes.map { _ in "?" }.joined(separator: ",")))"
                arguments += excludeTypes.map { $0 as (any DatabaseValueConvertible)? }
            }
            return try paginate(
                db, select: "n.*", column: "n.id", from: "notifications n", condition: condition, arguments: arguments, page: page
            ) { row in try notification(db, row: row) }
        }
    }

    /// One notification of the viewer's.
    func notification(id: Int64, viewer: Viewer) throws -> NotificationEntity {
        try database.queue.read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT * FROM notifications WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID]),
                let entity = try notification(db, row: row)
            else { throw APIError.notFound() }
            return entity
        }
    }

    /// Dismisses one notification, or all of them when `id` is nil.
    func dismissNotifications(id: Int64?, viewer: Viewer) throws {
        try database.queue.write { db in
            if let id {
                try db.execute(sql: "DELETE FROM notifications WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID])
                if db.changesCount == 0 { throw APIError.notFound() }
            } else {
                try db.execute(sql: "DELETE FROM notifications WHERE account_id = ?", arguments: [viewer.accountID])
            }
        }
    }
}
