import Foundation
import GRDB

/// Post views (`app.bsky.feed.defs#postView`), feed items, embeds and threads, from the status rows and the
/// Mastodon entities the instance already builds (counts, media, the viewer's flags).
extension BlueskyReader {
    /// The views of original posts (not reposts), in order; built from one batch of entities.
    func postViews(_ rows: [Row]) throws -> [XObject] {
        let entities = try store.statuses(db, rows: rows, viewer: viewer)
        return try zip(rows, entities).map { try postView($0, entity: $1) }
    }

    /// The view of a post the viewer may see; nil when it does not exist, is a repost or is hidden.
    func postView(id: Int64) throws -> XObject? {
        if let built = postViewsBuilt[id] { return built }
        guard let row = try store.visibleStatusRow(db, id: id, viewer: viewer), (row["reblog_of_id"] as Int64?) == nil else { return nil }
        return try postViews([row]).first
    }

    /// One post's view.
    func postView(_ row: Row, entity: StatusEntity) throws -> XObject {
        let id: Int64 = row["id"]
        let authorID: Int64 = row["account_id"]
        guard let (record, cid) = try postRecord(id) else { throw APIError.notFound() }
        let uri = try postURI(id, authorID: authorID)
        var view: XObject = [
            "uri": uri, "cid": cid, "author": try profileBasic(authorID), "record": record,
            "replyCount": entity.repliesCount, "repostCount": entity.reblogsCount, "likeCount": entity.favouritesCount,
            "quoteCount": entity.quotesCount, "indexedAt": ATIdentifiers.datetime(millis: row["created_at"]),
        ]
        var labels: [XObject] = []
        if let selfLabels = (record["labels"] as? XObject)?["values"] as? [XObject] {
            for label in selfLabels {
                labels.append(["src": try did(authorID), "uri": uri, "cid": cid, "val": label["val"] as? String ?? "", "cts": view["indexedAt"]!])
            }
        }
        view["labels"] = labels
        defer { postViewsBuilt[id] = view }
        if let embed = try embedView(record["embed"], authorDID: try did(authorID)) { view["embed"] = embed }
        if let viewer {
            var state: XObject = ["threadMuted": try threadMuted(id, viewer: viewer), "embeddingDisabled": false, "replyDisabled": false]
            // The entity already says whether the viewer liked or reposted it: the record is looked up only then.
            if entity.favourited, let like = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM favourites WHERE account_id = ? AND status_id = ?"), arguments: [viewer.accountID, id])
            {
                state["like"] = try recordURI(ATCollection.like, id: like, authorID: viewer.accountID)
            }
            if entity.reblogged, let repost = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM statuses WHERE account_id = ? AND reblog_of_id = ?"), arguments: [viewer.accountID, id])
            {
                state["repost"] = try recordURI(ATCollection.repost, id: repost, authorID: viewer.accountID)
            }
            if entity.pinned { state["pinned"] = true }
            if entity.bookmarked { state["bookmarked"] = true }
            view["viewer"] = state
        }
        return view
    }

    /// Whether the viewer muted the thread of a post; the thread is walked only when they muted any.
    func threadMuted(_ id: Int64, viewer: Viewer) throws -> Bool {
        if mutesThreads == nil {
            mutesThreads = try Bool.fetchOne(
                db, sql: "SELECT EXISTS(SELECT 1 FROM conversation_mutes WHERE account_id = ?)", arguments: [viewer.accountID]) ?? false
        }
        return mutesThreads == true ? try store.rootMuted(db, statusID: id, viewer: viewer.accountID) : false
    }

    /// The view of a record's embed: images with their addresses and alt text, a link card, a quoted post.
    func embedView(_ embed: Any?, authorDID: String, depth: Int = 0) throws -> XObject? {
        guard let embed = embed as? XObject, let type = embed["$type"] as? String else { return nil }
        switch type {
        case "app.bsky.embed.images":
            let images = (embed["images"] as? [XObject] ?? []).map { image -> XObject in
                let cid = ((image["image"] as? XObject)?["ref"] as? XObject)?["$link"] as? String ?? ""
                let url = blobURLs[cid] ?? "\(baseURL)/xrpc/com.atproto.sync.getBlob?did=\(authorDID)&cid=\(cid)"
                var view: XObject = ["thumb": url, "fullsize": url, "alt": image["alt"] as? String ?? ""]
                if let ratio = image["aspectRatio"] { view["aspectRatio"] = ratio }
                return view
            }
            return ["$type": "app.bsky.embed.images#view", "images": images]
        case "app.bsky.embed.external":
            guard let external = embed["external"] as? XObject else { return nil }
            var view: XObject = [
                "uri": external["uri"] as? String ?? "", "title": external["title"] as? String ?? "",
                "description": external["description"] as? String ?? "",
            ]
            if let thumb = external["thumb"] as? XObject, let cid = (thumb["ref"] as? XObject)?["$link"] as? String {
                view["thumb"] = "\(baseURL)/xrpc/com.atproto.sync.getBlob?did=\(authorDID)&cid=\(cid)"
            }
            return ["$type": "app.bsky.embed.external#view", "external": view]
        case "app.bsky.embed.record":
            let uri = (embed["record"] as? XObject)?["uri"] as? String ?? ""
            return ["$type": "app.bsky.embed.record#view", "record": try quotedView(uri: uri, depth: depth)]
        case "app.bsky.embed.recordWithMedia":
            let uri = ((embed["record"] as? XObject)?["record"] as? XObject)?["uri"] as? String ?? ""
            var view: XObject = ["$type": "app.bsky.embed.recordWithMedia#view", "record": ["record": try quotedView(uri: uri, depth: depth)] as XObject]
            if let media = try embedView(embed["media"], authorDID: authorDID, depth: depth) { view["media"] = media }
            return view
        default:
            return nil
        }
    }

    /// `app.bsky.embed.record#viewRecord` of a quoted post, or `#viewNotFound` / `#viewBlocked`.
    func quotedView(uri: String, depth: Int) throws -> XObject {
        let notFound: XObject = ["$type": "app.bsky.embed.record#viewNotFound", "uri": uri, "notFound": true]
        guard let parts = ATIdentifiers.parse(uri: uri), parts.collection == ATCollection.post, let id = ATIdentifiers.id(tid: parts.rkey),
            let row = try statusRow(id)
        else { return notFound }
        let authorID: Int64 = row["account_id"]
        if let viewer, try Bool.fetchOne(
            db, sql: "SELECT EXISTS(SELECT 1 FROM blocks WHERE (account_id = ? AND target_account_id = ?) OR (account_id = ? AND target_account_id = ?))",
            arguments: [viewer.accountID, authorID, authorID, viewer.accountID]) == true
        {
            return [
                "$type": "app.bsky.embed.record#viewBlocked", "uri": uri, "blocked": true,
                "author": ["did": try did(authorID), "viewer": try viewerState(authorID) ?? [:]] as XObject,
            ]
        }
        guard try store.canSee(db, status: row, viewer: viewer), let (record, cid) = try postRecord(id),
            let entity = try store.statuses(db, rows: [row], viewer: viewer, nested: true).first
        else { return notFound }
        var view: XObject = [
            "$type": "app.bsky.embed.record#viewRecord", "uri": uri, "cid": cid, "author": try profileBasic(authorID), "value": record,
            "indexedAt": ATIdentifiers.datetime(millis: row["created_at"]), "likeCount": entity.favouritesCount,
            "repostCount": entity.reblogsCount, "replyCount": entity.repliesCount, "quoteCount": entity.quotesCount, "labels": [Any](),
        ]
        if depth == 0, let embed = try embedView(record["embed"], authorDID: try did(authorID), depth: depth + 1) { view["embeds"] = [embed] }
        return view
    }

    // MARK: Feeds

    /// Feed items (`app.bsky.feed.defs#feedViewPost`) of timeline rows: posts, and reposts with their reason.
    func feedItems(_ rows: [Row]) throws -> [XObject] {
        var originals: [Row] = []
        var items: [(row: Row, original: Int)] = []
        var positions: [Int64: Int] = [:]
        for row in rows {
            let id: Int64 = (row["reblog_of_id"] as Int64?) ?? row["id"]
            if positions[id] == nil {
                guard let original = try ((row["reblog_of_id"] as Int64?) == nil ? row : store.visibleStatusRow(db, id: id, viewer: viewer)) else { continue }
                positions[id] = originals.count
                originals.append(original)
            }
            items.append((row, positions[id]!))
        }
        let views = try postViews(originals)
        // The posts replied to and their threads' roots, in one batch too (replyReference then finds them built).
        var roots: [Int64: Int64] = [:]
        var context: Set<Int64> = []
        for original in originals {
            guard let parent: Int64 = original["in_reply_to_id"] else { continue }
            let root = try store.conversationRoot(db, statusID: parent)
            roots[parent] = root
            context.formUnion([parent, root])
        }
        let contextRows = try context.filter { postViewsBuilt[$0] == nil }.sorted().compactMap { id in
            try store.visibleStatusRow(db, id: id, viewer: viewer).flatMap { ($0["reblog_of_id"] as Int64?) == nil ? $0 : nil }
        }
        _ = try postViews(contextRows)
        return try items.map { item in
            var feedItem: XObject = ["post": views[item.original]]
            let original = originals[item.original]
            if (item.row["reblog_of_id"] as Int64?) != nil {
                let booster: Int64 = item.row["account_id"]
                let (_, cid) = simpleRecord(ATCollection.repost, subject: try strongRef(original["id"]) ?? [:], createdAt: item.row["created_at"])
                feedItem["reason"] = [
                    "$type": "app.bsky.feed.defs#reasonRepost", "by": try profileBasic(booster),
                    "indexedAt": ATIdentifiers.datetime(millis: item.row["created_at"]),
                    "uri": try recordURI(ATCollection.repost, id: item.row["id"], authorID: booster), "cid": cid,
                ] as XObject
            }
            if let parent: Int64 = original["in_reply_to_id"] {
                let root = try roots[parent] ?? store.conversationRoot(db, statusID: parent)
                feedItem["reply"] = ["root": try replyReference(root), "parent": try replyReference(parent)] as XObject
            }
            return feedItem
        }
    }

    /// A post in a reply reference: its view, or `#notFoundPost`.
    func replyReference(_ id: Int64) throws -> XObject {
        if var view = try postView(id: id) {
            view["$type"] = "app.bsky.feed.defs#postView"
            return view
        }
        return try notFoundPost(id)
    }

    /// `app.bsky.feed.defs#notFoundPost` of a post that is gone or hidden.
    func notFoundPost(_ id: Int64) throws -> XObject {
        let uri = try statusRow(id).map { try postURI(id, authorID: $0["account_id"]) }
            ?? ATIdentifiers.uri(did: "did:plc:unknown", collection: ATCollection.post, rkey: ATIdentifiers.tid(id))
        return ["$type": "app.bsky.feed.defs#notFoundPost", "uri": uri, "notFound": true]
    }

    // MARK: Threads

    /// `app.bsky.feed.defs#threadViewPost` of a post: its parents up to `parentHeight`, its replies down to `depth`.
    func threadView(id: Int64, depth: Int, parentHeight: Int) throws -> XObject? {
        guard let view = try postView(id: id), let row = try statusRow(id) else { return nil }
        var node: XObject = ["$type": "app.bsky.feed.defs#threadViewPost", "post": view]
        if parentHeight > 0, let parent: Int64 = row["in_reply_to_id"] {
            node["parent"] = try threadView(id: parent, depth: 0, parentHeight: parentHeight - 1) ?? notFoundPost(parent)
        }
        if depth > 0 {
            let silenced = try store.silencedAccounts(db, viewer: viewer)
            var replies: [XObject] = []
            for child in try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM statuses WHERE in_reply_to_id = ? ORDER BY id"), arguments: [id])
            where try store.canSee(db, status: child, viewer: viewer) && !silenced.contains(child["account_id"]) {
                if let reply = try threadView(id: child["id"], depth: depth - 1, parentHeight: 0) { replies.append(reply) }
            }
            node["replies"] = replies
        }
        return node
    }
}
