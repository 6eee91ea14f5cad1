import Foundation
import GRDB
import Hummingbird

extension XRPCRouter {
    /// `com.atproto.repo.*` and `com.atproto.sync.getBlob`: records written and read as the rows they are
    /// (a post is a status, a like a favourite, a repost a boost, a follow and a block theirs), blobs kept as sent.
    static func addRepoRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.xrpc(.procedure, "com.atproto.repo.createRecord", access: .required, services: services) { request in
            let (viewer, input) = try repoWrite(store, request)
            guard let collection = input["collection"] as? String, let record = input["record"] as? XObject else {
                throw XRPCError.invalid("Input must have the properties \"collection\" and \"record\"")
            }
            let (collectionName, id) = try createRecord(services, collection: collection, record: record, viewer: viewer)
            return try read(services, viewer: viewer) { reader in
                guard let (uri, cid, _) = try storedRecord(reader, collection: collectionName, id: id, owner: viewer.accountID) else {
                    throw XRPCError.named("RecordNotFound", "The record was not stored")
                }
                return ["uri": uri, "cid": cid, "validationStatus": "valid"]
            }
        }
        router.xrpc(.procedure, "com.atproto.repo.putRecord", access: .required, services: services) { request in
            let (viewer, input) = try repoWrite(store, request)
            guard input["collection"] as? String == ATCollection.profile, input["rkey"] as? String == "self", let record = input["record"] as? XObject else {
                throw XRPCError.invalid("Only the profile record (app.bsky.actor.profile, self) can be replaced here")
            }
            var change = InstanceStore.ProfileChange()
            change.displayName = record["displayName"] as? String ?? ""
            change.note = record["description"] as? String ?? ""
            // The profile's pinned post is Bluesky's one pin.
            let pinned = try ((record["pinnedPost"] as? XObject)?["uri"] as? String).map { try postID($0) }
            _ = try store.updateProfile(change, viewer: viewer)
            try store.setOnlyPin(pinned, viewer: viewer)
            return try read(services, viewer: viewer) { reader in
                let (uri, cid, _) = try profileRecord(reader, accountID: viewer.accountID)
                return ["uri": uri, "cid": cid, "validationStatus": "valid"]
            }
        }
        router.xrpc(.procedure, "com.atproto.repo.deleteRecord", access: .required, services: services) { request in
            let (viewer, input) = try repoWrite(store, request)
            guard let collection = input["collection"] as? String, let rkey = input["rkey"] as? String else {
                throw XRPCError.invalid("Input must have the properties \"collection\" and \"rkey\"")
            }
            if let id = ATIdentifiers.id(tid: rkey) { try deleteRecord(services, collection: collection, id: id, viewer: viewer) }
            return try .xrpc([:])
        }
        router.xrpc(.query, "com.atproto.repo.getRecord", access: .optional, services: services) { request in
            let repo = try request.required("repo")
            let collection = try request.required("collection")
            let rkey = try request.required("rkey")
            return try read(services, viewer: request.viewer) { reader in
                let owner = try store.atActor(reader.db, named: repo)
                var found: (String, String, XObject)?
                if collection == ATCollection.profile && rkey == "self" {
                    found = try profileRecord(reader, accountID: owner.id)
                } else if let id = ATIdentifiers.id(tid: rkey) {
                    found = try storedRecord(reader, collection: collection, id: id, owner: owner.id)
                }
                guard let (uri, cid, value) = found else {
                    throw XRPCError.named("RecordNotFound", "Could not locate record: at://\(owner.did)/\(collection)/\(rkey)")
                }
                return ["uri": uri, "cid": cid, "value": value]
            }
        }
        router.xrpc(.procedure, "com.atproto.repo.uploadBlob", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            // Clients often send `*/*` (the lexicon's encoding): the file's first bytes say what it is, as a PDS sniffs it.
            let declared = request.contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            let mimeType = InstanceStore.mediaKinds.contains(where: { $0.mime == declared }) ? declared : sniffedType(request.body) ?? declared
            guard InstanceStore.mediaKinds.contains(where: { $0.mime == mimeType }) else {
                throw XRPCError.invalid("Unsupported blob type: \(mimeType.isEmpty ? "none" : mimeType)")
            }
            guard !request.body.isEmpty else { throw XRPCError.invalid("The blob is empty") }
            let cid = ATIdentifiers.blobCID(request.body)
            try store.database.queue.write { db in
                try db.execute(
                    sql: "INSERT OR IGNORE INTO bsky_blobs (account_id, cid, mime_type, data, created_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [viewer.accountID, cid, mimeType, request.body, store.nowMillis()])
            }
            return try .xrpc(["blob": ["$type": "blob", "ref": ["$link": cid], "mimeType": mimeType, "size": request.body.count] as XObject])
        }
        router.xrpc(.query, "com.atproto.sync.getBlob", access: .optional, services: services) { request in
            let did = try request.required("did")
            let cid = try request.required("cid")
            let blob = try store.database.queue.read { db -> Row? in
                let owner = try store.atActor(db, named: did)
                return try Row.fetchOne(db, sql: "SELECT mime_type, data FROM bsky_blobs WHERE account_id = ? AND cid = ?", arguments: [owner.id, cid])
            }
            guard let blob else { throw XRPCError.named("BlobNotFound", "Blob not found") }
            return APIResponse(body: blob["data"], contentType: blob["mime_type"])
        }
    }

    /// The media type a file's first bytes show (PNG, JPEG, GIF, WebP, MP4); nil for anything else.
    static func sniffedType(_ data: Data) -> String? {
        let bytes = Array(data.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("ftyp".utf8), at: 4) { return "video/mp4" }
        return nil
    }

    /// Writes a record as the row it stands for; returns its collection and row id.
    static func createRecord(_ services: InstanceServices, collection: String, record: XObject, viewer: Viewer) throws -> (String, Int64) {
        let store = services.store
        func subjectPost() throws -> Int64 {
            try postID(((record["subject"] as? XObject)?["uri"] as? String) ?? "")
        }
        func subjectAccount() throws -> Int64 {
            guard let did = record["subject"] as? String else { throw XRPCError.invalid("Record must have the property \"subject\"") }
            return try store.database.queue.read { db in try store.atActor(db, named: did).id }
        }
        switch collection {
        case ATCollection.post:
            let id = try createPost(services, record: record, viewer: viewer)
            return (collection, id)
        case ATCollection.like:
            let statusID = try subjectPost()
            services.hub.publish(try store.mark("favourites", id: statusID, on: true, viewer: viewer))
            let id = try store.database.queue.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM favourites WHERE account_id = ? AND status_id = ?", arguments: [viewer.accountID, statusID])
            }
            guard let id else { throw XRPCError.named("NotFound", "Post not found") }
            return (collection, id)
        case ATCollection.repost:
            let (boostID, events) = try store.reblog(id: try subjectPost(), viewer: viewer)
            services.hub.publish(events)
            return (collection, boostID)
        case ATCollection.follow:
            let target = try subjectAccount()
            let (_, events) = try store.setFollow(target: target, on: true, viewer: viewer)
            services.hub.publish(events)
            let id = try store.database.queue.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM follows WHERE account_id = ? AND target_account_id = ?", arguments: [viewer.accountID, target])
            }
            guard let id else { throw XRPCError.invalid("This account approves its followers: the request waits for them") }
            return (collection, id)
        case ATCollection.block:
            let target = try subjectAccount()
            _ = try store.block(target: target, viewer: viewer)
            let id = try store.database.queue.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM blocks WHERE account_id = ? AND target_account_id = ?", arguments: [viewer.accountID, target])
            }
            guard let id else { throw XRPCError.invalid("The block was not stored") }
            return (collection, id)
        default:
            throw XRPCError.invalid("Unsupported collection: \(collection)")
        }
    }

    /// Removes the row a record stands for; a record that is not there (or not the caller's) is already gone.
    static func deleteRecord(_ services: InstanceServices, collection: String, id: Int64, viewer: Viewer) throws {
        let store = services.store
        func owned(_ sql: String) throws -> Int64? {
            try store.database.queue.read { db in try Int64.fetchOne(db, sql: sql, arguments: [id, viewer.accountID]) }
        }
        switch collection {
        case ATCollection.post:
            guard try owned("SELECT id FROM statuses WHERE id = ? AND account_id = ? AND reblog_of_id IS NULL") != nil else { return }
            services.hub.publish(try store.deleteStatus(id: id, viewer: viewer).1)
        case ATCollection.like:
            guard let statusID = try owned("SELECT status_id FROM favourites WHERE id = ? AND account_id = ?") else { return }
            services.hub.publish(try store.mark("favourites", id: statusID, on: false, viewer: viewer))
        case ATCollection.repost:
            guard let statusID = try owned("SELECT reblog_of_id FROM statuses WHERE id = ? AND account_id = ?") else { return }
            services.hub.publish(try store.unreblog(id: statusID, viewer: viewer))
        case ATCollection.follow:
            guard let target = try owned("SELECT target_account_id FROM follows WHERE id = ? AND account_id = ?") else { return }
            services.hub.publish(try store.setFollow(target: target, on: false, viewer: viewer).1)
        case ATCollection.block:
            guard let target = try owned("SELECT target_account_id FROM blocks WHERE id = ? AND account_id = ?") else { return }
            _ = try store.lift(.blocks, target: target, viewer: viewer)
        default:
            throw XRPCError.invalid("Unsupported collection: \(collection)")
        }
    }

    /// A record of the instance by collection and row id, written by `owner`: its URI, CID and value.
    static func storedRecord(_ reader: BlueskyReader, collection: String, id: Int64, owner: Int64) throws -> (String, String, XObject)? {
        let db = reader.db
        func row(_ sql: String) throws -> Row? { try Row.fetchOne(db, sql: sql, arguments: [id, owner]) }
        func simple(_ subject: Any, _ createdAt: Int64) throws -> (String, String, XObject) {
            let (record, cid) = reader.simpleRecord(collection, subject: subject, createdAt: createdAt)
            return (try reader.recordURI(collection, id: id, authorID: owner), cid, record)
        }
        switch collection {
        case ATCollection.post:
            guard try row("SELECT id FROM statuses WHERE id = ? AND account_id = ?") != nil, let (record, cid) = try reader.postRecord(id) else { return nil }
            return (try reader.postURI(id, authorID: owner), cid, record)
        case ATCollection.like:
            guard let like = try row("SELECT status_id, created_at FROM favourites WHERE id = ? AND account_id = ?"),
                let subject = try reader.strongRef(like["status_id"])
            else { return nil }
            return try simple(subject, like["created_at"])
        case ATCollection.repost:
            guard let boost = try row("SELECT reblog_of_id, created_at FROM statuses WHERE id = ? AND account_id = ? AND reblog_of_id IS NOT NULL"),
                let subject = try reader.strongRef(boost["reblog_of_id"])
            else { return nil }
            return try simple(subject, boost["created_at"])
        case ATCollection.follow, ATCollection.block:
            let table = collection == ATCollection.follow ? "follows" : "blocks"
            guard let edge = try row("SELECT target_account_id, created_at FROM \(table) WHERE id = ? AND account_id = ?") else { return nil }
            return try simple(try reader.did(edge["target_account_id"]), edge["created_at"])
        default:
            return nil
        }
    }

    /// The account's `app.bsky.actor.profile` record (`self`).
    static func profileRecord(_ reader: BlueskyReader, accountID: Int64) throws -> (String, String, XObject) {
        let row = try reader.accountRow(accountID)
        var record: XObject = [
            "$type": ATCollection.profile, "displayName": try reader.withoutShortcodes(row["display_name"]), "description": row["note"] as String,
            "createdAt": ATIdentifiers.datetime(millis: row["created_at"]),
        ]
        if let pinned = try reader.pinnedPost(accountID) { record["pinnedPost"] = pinned }
        return (ATIdentifiers.uri(did: try reader.did(accountID), collection: ATCollection.profile, rkey: "self"), ATIdentifiers.cid(record: record), record)
    }
}
