import Foundation
import GRDB
import Hummingbird

extension XRPCRouter {
    /// The Mastodon notification types that have a Bluesky reason (the rest, such as polls, are not shown here).
    static let notificationTypes = ["mention", "favourite", "reblog", "follow", "quote"]

    /// `app.bsky.notification.*`: the user's notifications from the same table as Mastodon's, read up to the
    /// same marker (`updateSeen` moves Mastodon's `notifications` marker too).
    static func addNotificationRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        let types = notificationTypes.map { "'\($0)'" }.joined(separator: ", ")
        router.xrpc(.query, "app.bsky.notification.listNotifications", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            let limit = try request.limit()
            let reasons = Set(request.strings("reasons"))
            return try read(services, viewer: viewer) { reader in
                let seen = try lastSeen(reader.db, viewer: viewer)
                let (items, cursor) = try page(
                    reader, request: request, select: "x.*", column: "x.id", from: "notifications x",
                    condition: "x.account_id = ? AND x.type IN (\(types))", arguments: [viewer.accountID], limit: limit
                ) { row in
                    guard try !store.isSilencedNotification(reader.db, row: row), var item = try notificationView(reader, row: row) else { return nil }
                    if !reasons.isEmpty, !reasons.contains(item["reason"] as? String ?? "") { return nil }
                    item["isRead"] = (row["id"] as Int64) <= seen.id
                    return item
                }
                var output: XObject = ["notifications": items, "priority": false]
                if let cursor { output["cursor"] = cursor }
                if let at = seen.at { output["seenAt"] = ATIdentifiers.datetime(millis: at) }
                return output
            }
        }
        router.xrpc(.query, "app.bsky.notification.getUnreadCount", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            return try read(services, viewer: viewer) { reader in
                let seen = try lastSeen(reader.db, viewer: viewer)
                let rows = try Row.fetchAll(
                    reader.db, sql: "SELECT * FROM notifications WHERE account_id = ? AND id > ? AND type IN (\(types))",
                    arguments: [viewer.accountID, seen.id])
                return ["count": try rows.filter { try !store.isSilencedNotification(reader.db, row: $0) }.count]
            }
        }
        router.xrpc(.procedure, "app.bsky.notification.updateSeen", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            guard let text = try request.input()["seenAt"] as? String, let date = InstanceRouter.mastodonDate(text) else {
                throw XRPCError.invalid("Input/seenAt must be a datetime")
            }
            let millis = Int64(date.timeIntervalSince1970 * 1000)
            let last = try store.database.queue.read { db in
                try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM notifications WHERE account_id = ? AND created_at <= ?", arguments: [viewer.accountID, millis])
            }
            if let last { _ = try store.saveMarkers(["notifications": last], viewer: viewer) }
            return .xrpcEmpty
        }
    }

    /// The last notification the viewer has seen (Mastodon's `notifications` marker) and when it was set.
    static func lastSeen(_ db: Database, viewer: Viewer) throws -> (id: Int64, at: Int64?) {
        let row = try Row.fetchOne(
            db, sql: "SELECT last_read_id, updated_at FROM markers WHERE account_id = ? AND timeline = 'notifications'", arguments: [viewer.accountID])
        guard let row else { return (0, nil) }
        return (row["last_read_id"], row["updated_at"])
    }

    /// `app.bsky.notification.listNotifications#notification` of a row; nil when its record is gone.
    static func notificationView(_ reader: BlueskyReader, row: Row) throws -> XObject? {
        let db = reader.db
        let from: Int64 = row["from_account_id"]
        let viewerID: Int64 = row["account_id"]
        let statusID: Int64? = row["status_id"]
        var view: XObject = ["author": try reader.profileView(from), "indexedAt": ATIdentifiers.datetime(millis: row["created_at"]), "labels": [Any]()]
        func record(_ collection: String, _ sql: String, _ arguments: StatementArguments, subject: () throws -> Any?) throws -> Bool {
            guard let edge = try Row.fetchOne(db, sql: sql, arguments: arguments), let subject = try subject() else { return false }
            let (value, cid) = reader.simpleRecord(collection, subject: subject, createdAt: edge["created_at"])
            view["uri"] = try reader.recordURI(collection, id: edge["id"], authorID: from)
            view["cid"] = cid
            view["record"] = value
            return true
        }
        switch row["type"] as String {
        case "favourite":
            guard let statusID,
                try record(ATCollection.like, "SELECT id, created_at FROM favourites WHERE account_id = ? AND status_id = ?", [from, statusID], subject: { try reader.strongRef(statusID) })
            else { return nil }
            view["reason"] = "like"
            view["reasonSubject"] = try reader.postURI(statusID, authorID: viewerID)
        case "reblog":
            guard let statusID,
                try record(ATCollection.repost, "SELECT id, created_at FROM statuses WHERE account_id = ? AND reblog_of_id = ?", [from, statusID], subject: { try reader.strongRef(statusID) })
            else { return nil }
            view["reason"] = "repost"
            view["reasonSubject"] = try reader.postURI(statusID, authorID: viewerID)
        case "follow":
            guard try record(ATCollection.follow, "SELECT id, created_at FROM follows WHERE account_id = ? AND target_account_id = ?", [from, viewerID], subject: { try reader.did(viewerID) })
            else { return nil }
            view["reason"] = "follow"
        default:
            guard let statusID, let status = try reader.statusRow(statusID), let (value, cid) = try reader.postRecord(statusID) else { return nil }
            view["uri"] = try reader.postURI(statusID, authorID: from)
            view["cid"] = cid
            view["record"] = value
            if (row["type"] as String) == "quote" {
                view["reason"] = "quote"
                if let quoted: Int64 = status["quote_of_id"] { view["reasonSubject"] = try reader.postURI(quoted, authorID: viewerID) }
            } else if let parent: Int64 = status["in_reply_to_id"], (status["in_reply_to_account_id"] as Int64?) == viewerID {
                view["reason"] = "reply"
                view["reasonSubject"] = try reader.postURI(parent, authorID: viewerID)
            } else {
                view["reason"] = "mention"
            }
        }
        return view
    }
}
