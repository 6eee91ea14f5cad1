import Foundation
import GRDB
import Hummingbird

extension XRPCRouter {
    /// `app.bsky.graph.*`: followers and follows, lists, and muting people and threads.
    static func addGraphRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        for (nsid, followers) in [("app.bsky.graph.getFollowers", true), ("app.bsky.graph.getFollows", false)] {
            router.xrpc(.query, nsid, access: .optional, services: services) { request in
                let name = try request.required("actor")
                let limit = try request.limit()
                return try read(services, viewer: request.viewer) { reader in
                    let subject = try store.atActor(reader.db, named: name)
                    let (people, cursor) = try page(
                        reader, request: request, select: followers ? "x.account_id AS who" : "x.target_account_id AS who", column: "x.id",
                        from: "follows x", condition: followers ? "x.target_account_id = ?" : "x.account_id = ?", arguments: [subject.id], limit: limit
                    ) { row in try reader.profileView(row["who"]) }
                    var output: XObject = ["subject": try reader.profileView(subject.id)]
                    output[followers ? "followers" : "follows"] = people
                    if let cursor { output["cursor"] = cursor }
                    return output
                }
            }
        }
        router.xrpc(.query, "app.bsky.graph.getLists", access: .optional, services: services) { request in
            let name = try request.required("actor")
            let limit = try request.limit()
            return try read(services, viewer: request.viewer) { reader in
                let owner = try store.atActor(reader.db, named: name)
                // Lists are private on the Mastodon face: only their owner sees them here too.
                guard request.viewer?.accountID == owner.id else { return ["lists": [Any]()] }
                let (lists, cursor) = try page(
                    reader, request: request, select: "x.*", column: "x.id", from: "lists x", condition: "x.account_id = ?",
                    arguments: [owner.id], limit: limit
                ) { row in try listView(reader, row: row) }
                var output: XObject = ["lists": lists]
                if let cursor { output["cursor"] = cursor }
                return output
            }
        }
        router.xrpc(.query, "app.bsky.graph.getList", access: .required, services: services) { request in
            let id = try recordID(try request.required("list"), collection: ATCollection.list)
            let limit = try request.limit()
            let viewer = try request.requireViewer()
            return try read(services, viewer: viewer) { reader in
                guard let list = try Row.fetchOne(reader.db, sql: "SELECT * FROM lists WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID]) else {
                    throw XRPCError.named("NotFound", "List not found")
                }
                let (items, cursor) = try page(
                    reader, request: request, select: "x.account_id AS who", column: "x.rowid", from: "list_accounts x", condition: "x.list_id = ?",
                    arguments: [id], limit: limit
                ) { row in
                    [
                        "uri": try reader.recordURI(ATCollection.listItem, id: row["page_cursor"], authorID: viewer.accountID),
                        "subject": try reader.profileView(row["who"]),
                    ]
                }
                var output: XObject = ["list": try listView(reader, row: list), "items": items]
                if let cursor { output["cursor"] = cursor }
                return output
            }
        }
        router.xrpc(.procedure, "app.bsky.graph.muteActor", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            let target = try store.database.queue.read { db in try store.atActor(db, named: request.input()["actor"] as? String ?? "").id }
            _ = try store.mute(target: target, notifications: true, duration: nil, viewer: viewer)
            return .xrpcEmpty
        }
        router.xrpc(.procedure, "app.bsky.graph.unmuteActor", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            let target = try store.database.queue.read { db in try store.atActor(db, named: request.input()["actor"] as? String ?? "").id }
            _ = try store.lift(.mutes, target: target, viewer: viewer)
            return .xrpcEmpty
        }
        for (nsid, muted) in [("app.bsky.graph.muteThread", true), ("app.bsky.graph.unmuteThread", false)] {
            router.xrpc(.procedure, nsid, access: .required, services: services) { request in
                let viewer = try request.requireViewer()
                let id = try postID(try request.input()["root"] as? String ?? "")
                _ = try store.setConversationMuted(muted, statusID: id, viewer: viewer)
                return .xrpcEmpty
            }
        }
    }

    /// `app.bsky.graph.defs#listView` of a list row (a curation list of the people in it).
    static func listView(_ reader: BlueskyReader, row: Row) throws -> XObject {
        let id: Int64 = row["id"]
        let owner: Int64 = row["account_id"]
        let created = ATIdentifiers.datetime(millis: try reader.accountRow(owner)["created_at"])
        let record: XObject = ["$type": ATCollection.list, "purpose": "app.bsky.graph.defs#curatelist", "name": row["title"] as String, "createdAt": created]
        let count = try Int.fetchOne(reader.db, sql: "SELECT COUNT(*) FROM list_accounts WHERE list_id = ?", arguments: [id]) ?? 0
        return [
            "uri": try reader.recordURI(ATCollection.list, id: id, authorID: owner), "cid": ATIdentifiers.cid(record: record),
            "creator": try reader.profileView(owner), "name": row["title"] as String, "purpose": "app.bsky.graph.defs#curatelist",
            "listItemCount": count, "indexedAt": created, "labels": [Any](), "viewer": ["muted": false] as XObject,
        ]
    }
}
