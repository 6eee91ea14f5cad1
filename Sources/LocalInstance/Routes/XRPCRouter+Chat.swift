import Foundation
import GRDB
import HTTPTypes
import Hummingbird

extension XRPCRouter {
    /// The chat service a client names in `atproto-proxy` (Bluesky's; this instance answers for it itself).
    static let chatService = "did:web:api.bsky.chat#bsky_chat"

    /// `chat.bsky.convo.*`: direct conversations between members, answered here for the chat service the
    /// `atproto-proxy` header names.
    static func addChatRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.xrpc(.query, "chat.bsky.convo.listConvos", access: .required, services: services) { request in
            let viewer = try checkChat(request)
            let limit = try request.limit()
            return try read(services, viewer: viewer) { reader in
                let (convos, cursor) = try page(
                    reader, request: request, select: "x.id AS convo", column: "(SELECT COALESCE(MAX(m.id), 0) FROM bsky_messages m WHERE m.convo_id = x.id)",
                    from: "bsky_convos x", condition: "x.id IN (SELECT convo_id FROM bsky_convo_members WHERE account_id = ?)",
                    arguments: [viewer.accountID], limit: limit
                ) { row in try convoView(reader, id: row["convo"], viewer: viewer) }
                var output: XObject = ["convos": convos]
                if let cursor { output["cursor"] = cursor }
                return output
            }
        }
        router.xrpc(.query, "chat.bsky.convo.getConvoForMembers", access: .required, services: services) { request in
            let viewer = try checkChat(request)
            let names = request.strings("members")
            guard !names.isEmpty, names.count <= 10 else { throw XRPCError.invalid("members must have 1 to 10 elements") }
            let id: Int64 = try store.database.queue.write { db in
                var members = Set(try names.map { try store.atActor(db, named: $0).id })
                members.insert(viewer.accountID)
                let key = members.sorted().map(String.init).joined(separator: ",")
                if let existing = try Int64.fetchOne(db, sql: "SELECT id FROM bsky_convos WHERE members = ?", arguments: [key]) { return existing }
                try db.execute(sql: "INSERT INTO bsky_convos (members, created_at) VALUES (?, ?)", arguments: [key, store.nowMillis()])
                let convo = db.lastInsertedRowID
                for member in members {
                    try db.execute(sql: "INSERT INTO bsky_convo_members (convo_id, account_id) VALUES (?, ?)", arguments: [convo, member])
                }
                return convo
            }
            return try read(services, viewer: viewer) { reader in ["convo": try convoView(reader, id: id, viewer: viewer)] }
        }
        router.xrpc(.query, "chat.bsky.convo.getMessages", access: .required, services: services) { request in
            let viewer = try checkChat(request)
            let convo = try memberConvo(store, request.required("convoId"), viewer: viewer)
            let limit = try request.limit()
            return try read(services, viewer: viewer) { reader in
                let (messages, cursor) = try page(
                    reader, request: request, select: "x.*", column: "x.id", from: "bsky_messages x", condition: "x.convo_id = ?",
                    arguments: [convo], limit: limit
                ) { row in try messageView(reader, row: row) }
                var output: XObject = ["messages": messages]
                if let cursor { output["cursor"] = cursor }
                return output
            }
        }
        router.xrpc(.procedure, "chat.bsky.convo.sendMessage", access: .required, services: services) { request in
            let viewer = try checkChat(request)
            let input = try request.input()
            let convo = try memberConvo(store, input["convoId"] as? String ?? "", viewer: viewer)
            let message = input["message"] as? XObject ?? [:]
            let text = message["text"] as? String ?? ""
            guard !text.isEmpty, text.count <= 1000 else { throw XRPCError.invalid("Input/message/text must have 1 to 1000 graphemes") }
            let facets = (message["facets"] as? [Any]).map { String(decoding: ATIdentifiers.canonicalJSON($0), as: UTF8.self) }
            let id: Int64 = try store.database.queue.write { db in
                try db.execute(
                    sql: "INSERT INTO bsky_messages (convo_id, sender_id, text, facets, sent_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [convo, viewer.accountID, text, facets, store.nowMillis()])
                let id = db.lastInsertedRowID
                try db.execute(sql: "UPDATE bsky_convo_members SET last_read = ? WHERE convo_id = ? AND account_id = ?", arguments: [id, convo, viewer.accountID])
                return id
            }
            return try read(services, viewer: viewer) { reader in
                guard let row = try Row.fetchOne(reader.db, sql: "SELECT * FROM bsky_messages WHERE id = ?", arguments: [id]) else {
                    throw XRPCError.invalid("The message was not stored")
                }
                return try messageView(reader, row: row)
            }
        }
    }

    /// The caller of a chat method; a proxy header must name the chat service.
    ///
    /// - Throws: 400 `InvalidRequest` when `atproto-proxy` names another service.
    static func checkChat(_ request: XRPCRequest) throws -> Viewer {
        if let proxy = request.headers[HTTPField.Name("atproto-proxy")!], proxy != chatService {
            throw XRPCError.invalid("This instance proxies chat only to \(chatService)")
        }
        return try request.requireViewer()
    }

    /// A conversation id the viewer is a member of.
    static func memberConvo(_ store: InstanceStore, _ text: String, viewer: Viewer) throws -> Int64 {
        guard let id = Int64(text), try store.database.queue.read({ db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM bsky_convo_members WHERE convo_id = ? AND account_id = ?)", arguments: [id, viewer.accountID])
        }) == true else { throw XRPCError.invalid("Convo not found") }
        return id
    }

    /// `chat.bsky.convo.defs#convoView`.
    static func convoView(_ reader: BlueskyReader, id: Int64, viewer: Viewer) throws -> XObject {
        let db = reader.db
        let members = try Int64.fetchAll(db, sql: "SELECT account_id FROM bsky_convo_members WHERE convo_id = ? ORDER BY account_id", arguments: [id])
        let lastRead = try Int64.fetchOne(
            db, sql: "SELECT last_read FROM bsky_convo_members WHERE convo_id = ? AND account_id = ?", arguments: [id, viewer.accountID]) ?? 0
        let unread = try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM bsky_messages WHERE convo_id = ? AND id > ? AND sender_id != ?", arguments: [id, lastRead, viewer.accountID]) ?? 0
        let last = try Row.fetchOne(db, sql: "SELECT * FROM bsky_messages WHERE convo_id = ? ORDER BY id DESC LIMIT 1", arguments: [id])
        var view: XObject = [
            "id": String(id), "rev": ATIdentifiers.tid(last.map { $0["id"] as Int64 } ?? 0),
            "members": try members.map { member -> XObject in
                let profile = try reader.profileBasic(member)
                return ["did": profile["did"]!, "handle": profile["handle"]!, "displayName": profile["displayName"]!, "avatar": profile["avatar"]!]
            },
            "muted": false, "unreadCount": unread, "status": "accepted",
        ]
        if let last { view["lastMessage"] = try messageView(reader, row: last) }
        return view
    }

    /// `chat.bsky.convo.defs#messageView`, typed (it is listed in unions).
    static func messageView(_ reader: BlueskyReader, row: Row) throws -> XObject {
        let id: Int64 = row["id"]
        var view: XObject = [
            "$type": "chat.bsky.convo.defs#messageView", "id": String(id), "rev": ATIdentifiers.tid(id), "text": row["text"] as String,
            "sender": ["did": try reader.did(row["sender_id"])] as XObject, "sentAt": ATIdentifiers.datetime(millis: row["sent_at"]),
        ]
        if let facets: String = row["facets"], let parsed = try? JSONSerialization.jsonObject(with: Data(facets.utf8)) { view["facets"] = parsed }
        return view
    }
}
