import Foundation
import GRDB

extension XRPCRouter {
    /// The most graphemes in a post's text, and the most bytes (Bluesky's limits).
    static let maxPostGraphemes = 300
    static let maxPostBytes = 3000

    /// Creates the status an `app.bsky.feed.post` record stands for and keeps the record as written (its facets,
    /// embeds and languages come back exactly as sent). Images become attachments with their alt text, a quoted
    /// post the status's quote, so the Mastodon face shows the same post.
    ///
    /// - Returns: the status id.
    /// - Throws: 400 `InvalidRequest` for text over the limits, an unknown blob or a parent that is not a post here.
    static func createPost(_ services: InstanceServices, record: XObject, viewer: Viewer) throws -> Int64 {
        let store = services.store
        let text = record["text"] as? String ?? ""
        guard text.count <= maxPostGraphemes, text.utf8.count <= maxPostBytes else {
            throw XRPCError.invalid("Record/text must not be longer than \(maxPostGraphemes) graphemes")
        }
        var new = NewStatus(text: text)
        new.language = (record["langs"] as? [String])?.first
        new.application = "AT Protocol"
        if let parent = ((record["reply"] as? XObject)?["parent"] as? XObject)?["uri"] as? String {
            new.inReplyToID = try postID(parent)
        }
        let embed = record["embed"] as? XObject
        var images: [XObject] = []
        var quoted: String?
        switch embed?["$type"] as? String {
        case "app.bsky.embed.images": images = embed?["images"] as? [XObject] ?? []
        case "app.bsky.embed.record": quoted = (embed?["record"] as? XObject)?["uri"] as? String
        case "app.bsky.embed.recordWithMedia":
            quoted = ((embed?["record"] as? XObject)?["record"] as? XObject)?["uri"] as? String
            images = (embed?["media"] as? XObject)?["images"] as? [XObject] ?? []
        default: break
        }
        if let quoted { new.quoteOfID = try postID(quoted) }
        guard images.count <= InstanceStore.maxMediaAttachments else {
            throw XRPCError.invalid("A post has at most \(InstanceStore.maxMediaAttachments) images")
        }
        for image in images {
            let blob = image["image"] as? XObject
            let cid = (blob?["ref"] as? XObject)?["$link"] as? String ?? ""
            let stored = try store.database.queue.read { db in
                try Row.fetchOne(db, sql: "SELECT mime_type, length(data) AS size FROM bsky_blobs WHERE account_id = ? AND cid = ?", arguments: [viewer.accountID, cid])
            }
            guard let stored else { throw XRPCError.invalid("Could not find blob: \(cid)") }
            let upload = MediaUpload(fileName: cid, mimeType: stored["mime_type"], size: stored["size"], description: image["alt"] as? String)
            let (entity, _) = try store.createMedia(upload, viewer: viewer)
            if let id = Int64(entity.id) { new.mediaIDs.append(id) }
        }
        new.sensitive = !(((record["labels"] as? XObject)?["values"] as? [XObject]) ?? []).isEmpty
        let (id, events) = try store.createStatus(new, viewer: viewer, idempotencyKey: nil)
        let canonical = String(decoding: ATIdentifiers.canonicalJSON(record), as: UTF8.self)
        try store.database.queue.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO bsky_records (status_id, record) VALUES (?, ?)", arguments: [id, canonical])
        }
        services.hub.publish(events)
        return id
    }
}
