import Foundation
import GRDB

/// Records as the AT Protocol stores them: a post's `app.bsky.feed.post` record (the one its client wrote, kept
/// whole, or one made from the Mastodon row with facets for its mentions, links and tags), likes, reposts,
/// follows and blocks, each with its CID.
extension BlueskyReader {
    /// A post's `at://` URI.
    func postURI(_ statusID: Int64, authorID: Int64) throws -> String {
        ATIdentifiers.uri(did: try did(authorID), collection: ATCollection.post, rkey: ATIdentifiers.tid(statusID))
    }

    /// The URI of a record of `collection` with row id `id`, written by `authorID`.
    func recordURI(_ collection: String, id: Int64, authorID: Int64) throws -> String {
        ATIdentifiers.uri(did: try did(authorID), collection: collection, rkey: ATIdentifiers.tid(id))
    }

    /// A status row by id, whoever may see it (records are public data of the repository).
    func statusRow(_ id: Int64) throws -> Row? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM statuses WHERE id = ?"), arguments: [id])
    }

    /// A post's record and its CID; nil when there is no such post (or the id is a repost).
    func postRecord(_ id: Int64) throws -> (record: XObject, cid: String)? {
        if let known = records[id] { return known }
        guard let row = try statusRow(id), (row["reblog_of_id"] as Int64?) == nil else { return nil }
        let authorDID = try did(row["account_id"])
        var record: XObject
        if let stored = try String.fetchOne(db.cachedStatement(sql: "SELECT record FROM bsky_records WHERE status_id = ?"), arguments: [id]),
            let object = try? JSONSerialization.jsonObject(with: Data(stored.utf8)) as? XObject
        {
            record = object
            for cid in Self.blobCIDs(in: record["embed"]) where blobURLs[cid] == nil {
                blobURLs[cid] = "\(baseURL)/xrpc/com.atproto.sync.getBlob?did=\(authorDID)&cid=\(cid)"
            }
        } else {
            record = try builtRecord(row)
        }
        let entry = (record: record, cid: ATIdentifiers.cid(record: record))
        records[id] = entry
        return entry
    }

    /// `com.atproto.repo.strongRef` of a post.
    func strongRef(_ id: Int64) throws -> XObject? {
        guard let row = try statusRow(id), let (_, cid) = try postRecord(id) else { return nil }
        return ["uri": try postURI(id, authorID: row["account_id"]), "cid": cid]
    }

    /// The record a Mastodon row stands for.
    private func builtRecord(_ row: Row) throws -> XObject {
        let id: Int64 = row["id"]
        // Bluesky has no custom emoji: their shortcodes are left out before the facets are placed on the bytes.
        let (text, facets) = try Self.faceted(try withoutShortcodes(row["text"])) { name in
            try String.fetchOne(db.cachedStatement(sql: "SELECT username FROM accounts WHERE username = ?"), arguments: [name])
        }
        var record: XObject = [
            "$type": ATCollection.post, "text": text, "createdAt": ATIdentifiers.datetime(millis: row["created_at"]),
        ]
        if let language: String = row["language"], !language.isEmpty { record["langs"] = [language] }
        if !facets.isEmpty { record["facets"] = facets }
        if let parent: Int64 = row["in_reply_to_id"], let parentRef = try strongRef(parent),
            let rootRef = try strongRef(store.conversationRoot(db, statusID: parent))
        {
            record["reply"] = ["root": rootRef, "parent": parentRef] as XObject
        }
        var images: [XObject] = []
        for media in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, kind, description, mime_type, size, width, height FROM media WHERE status_id = ? ORDER BY position"),
            arguments: [id]) where (media["kind"] as String) == "image"
        {
            let mediaID: Int64 = media["id"]
            let cid = ATIdentifiers.cid(of: Array("parla-media:\(mediaID)".utf8), codec: 0x55)
            blobURLs[cid] = "\(baseURL)/system/media_attachments/\(mediaID).png"
            let size: Int = media["size"]
            images.append([
                "image": ["$type": "blob", "ref": ["$link": cid], "mimeType": (media["mime_type"] as String?) ?? "image/png", "size": max(size, 1)] as XObject,
                "alt": (media["description"] as String?) ?? "",
                "aspectRatio": ["width": max(media["width"] as Int, 1), "height": max(media["height"] as Int, 1)],
            ])
        }
        let imagesEmbed: XObject? = images.isEmpty ? nil : ["$type": "app.bsky.embed.images", "images": images]
        let quoteEmbed: XObject? = try (row["quote_of_id"] as Int64?).flatMap { try strongRef($0) }.map { ["$type": "app.bsky.embed.record", "record": $0] }
        if let imagesEmbed, let quoteEmbed {
            record["embed"] = ["$type": "app.bsky.embed.recordWithMedia", "record": quoteEmbed, "media": imagesEmbed] as XObject
        } else if let embed = imagesEmbed ?? quoteEmbed {
            record["embed"] = embed
        } else if let link = InstanceStore.firstLink(row["text"]),
            let card = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM preview_cards WHERE url = ?"), arguments: [link])
        {
            record["embed"] = [
                "$type": "app.bsky.embed.external",
                "external": ["uri": link, "title": card["title"] as String, "description": card["description"] as String] as XObject,
            ] as XObject
        }
        if (row["sensitive"] as Bool) && !images.isEmpty {
            record["labels"] = ["$type": "com.atproto.label.defs#selfLabels", "values": [["val": "graphic-media"]]] as XObject
        }
        return record
    }

    /// A Mastodon post's text within Bluesky's limit (300 graphemes): a longer one is cut, ending with "…", as
    /// bridges between the two networks cut it.
    static func fitted(_ text: String) -> String {
        guard text.count > XRPCRouter.maxPostGraphemes else { return text }
        return String(text.prefix(XRPCRouter.maxPostGraphemes - 1)) + "…"
    }

    /// A Mastodon post's text as Bluesky writes it, with facets for its mentions, links and hashtags on their
    /// UTF-8 byte ranges: a member is mentioned by their handle (`@ana` is written `@ana.parla.test`, as
    /// Bluesky's app writes it), a mention of no known account stays as written with no facet, and the whole
    /// is fitted to Bluesky's limit (a facet cut by the limit is left out).
    static func faceted(_ original: String, username: (String) throws -> String?) rethrows -> (text: String, facets: [XObject]) {
        var text = ""
        var offset = 0
        var facets: [XObject] = []
        func add(_ length: Int, _ feature: XObject) {
            facets.append([
                "index": ["byteStart": offset, "byteEnd": offset + length],
                "features": [feature],
            ])
        }
        for token in StatusFormatter.tokens(original) {
            var written: String
            switch token {
            case .text(let plain):
                written = plain
            case .mention(let name):
                written = "@" + name
                if let member = try username(name) {
                    written = "@" + ATIdentifiers.handle(username: member)
                    add(written.utf8.count, ["$type": "app.bsky.richtext.facet#mention", "did": ATIdentifiers.did(username: member)])
                }
            case .hashtag(let name):
                written = "#" + name
                add(written.utf8.count, ["$type": "app.bsky.richtext.facet#tag", "tag": name])
            case .link(let url):
                written = url
                add(written.utf8.count, ["$type": "app.bsky.richtext.facet#link", "uri": url])
            }
            text += written
            offset += written.utf8.count
        }
        let fitted = Self.fitted(text)
        guard fitted != text else { return (text, facets) }
        // What the cut kept: facets wholly inside it.
        let kept = fitted.utf8.count - "…".utf8.count
        return (fitted, facets.filter { ((($0["index"] as? XObject)?["byteEnd"] as? Int) ?? .max) <= kept })
    }

    /// The blob CIDs an embed refers to (its images, its media's images).
    static func blobCIDs(in embed: Any?) -> [String] {
        guard let embed = embed as? XObject else { return [] }
        if let media = embed["media"] { return blobCIDs(in: media) }
        let images = embed["images"] as? [XObject] ?? []
        return images.compactMap { (($0["image"] as? XObject)?["ref"] as? XObject)?["$link"] as? String }
    }

    /// A repost's, like's, follow's or block's record, from its row.
    func simpleRecord(_ collection: String, subject: Any, createdAt: Int64) -> (record: XObject, cid: String) {
        let record: XObject = ["$type": collection, "subject": subject, "createdAt": ATIdentifiers.datetime(millis: createdAt)]
        return (record, ATIdentifiers.cid(record: record))
    }
}

/// The collections (record types) the instance stores.
enum ATCollection {
    static let post = "app.bsky.feed.post"
    static let like = "app.bsky.feed.like"
    static let repost = "app.bsky.feed.repost"
    static let follow = "app.bsky.graph.follow"
    static let block = "app.bsky.graph.block"
    static let profile = "app.bsky.actor.profile"
    static let generator = "app.bsky.feed.generator"
    static let list = "app.bsky.graph.list"
    static let listItem = "app.bsky.graph.listitem"
}
