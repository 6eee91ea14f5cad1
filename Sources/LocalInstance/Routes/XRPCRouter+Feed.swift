import Foundation
import GRDB
import Hummingbird

extension XRPCRouter {
    /// The demo's custom feeds: record key, name, description and the timeline each is.
    static let customFeeds: [(rkey: String, name: String, description: String, kind: TimelineKind)] = [
        ("discover", "Discover", "Every public post of the community, newest first.", .publicTimeline(local: true, remote: false, onlyMedia: false)),
        ("pictures", "Pictures", "Public posts with images, each with its description.", .publicTimeline(local: true, remote: false, onlyMedia: true)),
    ]

    /// How many levels of parents or replies `getPostThread` reads at most.
    static let maxThreadLevels = 100

    /// The URI of a custom feed (its generator record belongs to the owner).
    static func feedURI(_ db: Database, store: InstanceStore, rkey: String) throws -> String {
        ATIdentifiers.uri(did: try store.atActor(db, id: store.ownerID(db)).did, collection: ATCollection.generator, rkey: rkey)
    }

    /// `app.bsky.feed.*`: timelines, threads, posts, who liked and reposted, quotes, search and custom feeds.
    static func addFeedRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.xrpc(.query, "app.bsky.feed.getTimeline", access: .required, services: services) { request in
            try feedPage(services, .home, request: request, viewer: request.viewer)
        }
        router.xrpc(.query, "app.bsky.feed.getAuthorFeed", access: .optional, services: services) { request in
            let actor = try store.database.queue.read { db in try store.atActor(db, named: request.required("actor")) }
            let filter = request.string("filter") ?? "posts_with_replies"
            let kind: TimelineKind = switch filter {
            case "posts_no_replies", "posts_and_author_threads": .account(actor.id, excludeReplies: true, excludeReblogs: false, onlyMedia: false)
            case "posts_with_media": .account(actor.id, excludeReplies: false, excludeReblogs: true, onlyMedia: true)
            default: .account(actor.id, excludeReplies: false, excludeReblogs: false, onlyMedia: false)
            }
            return try feedPage(services, kind, request: request, viewer: request.viewer)
        }
        router.xrpc(.query, "app.bsky.feed.getPostThread", access: .optional, services: services) { request in
            let uri = try request.required("uri")
            // The lexicon allows 1,000 levels each way; a thread is walked by recursion, so a hostile chain of
            // replies is read no deeper than ``maxThreadLevels``.
            let depth = min(max(Int(request.string("depth") ?? "") ?? 6, 0), maxThreadLevels)
            let parentHeight = min(max(Int(request.string("parentHeight") ?? "") ?? 80, 0), maxThreadLevels)
            return try read(services, viewer: request.viewer) { reader in
                guard let thread = try reader.threadView(id: postID(uri), depth: depth, parentHeight: parentHeight) else {
                    throw XRPCError.named("NotFound", "Post not found: \(uri)")
                }
                return ["thread": thread]
            }
        }
        router.xrpc(.query, "app.bsky.feed.getPosts", access: .optional, services: services) { request in
            let uris = request.strings("uris")
            guard uris.count <= 25 else { throw XRPCError.invalid("uris must not have more than 25 elements") }
            return try read(services, viewer: request.viewer) { reader in
                ["posts": try uris.compactMap { try reader.postView(id: postID($0)) }]
            }
        }
        router.xrpc(.query, "app.bsky.feed.getLikes", access: .optional, services: services) { request in
            let uri = try request.required("uri")
            let id = try postID(uri)
            let limit = try request.limit()
            return try read(services, viewer: request.viewer) { reader in
                guard try store.visibleStatusRow(reader.db, id: id, viewer: request.viewer) != nil else { return ["uri": uri, "likes": [Any]()] }
                let (likes, cursor) = try page(
                    reader, request: request, select: "x.account_id AS who, x.created_at AS at", column: "x.id", from: "favourites x",
                    condition: "x.status_id = ?", arguments: [id], limit: limit
                ) { row in
                    let when = ATIdentifiers.datetime(millis: row["at"])
                    return ["actor": try reader.profileView(row["who"]), "createdAt": when, "indexedAt": when]
                }
                return try subjectOutput(reader, uri: uri, id: id, "likes", likes, cursor: cursor)
            }
        }
        router.xrpc(.query, "app.bsky.feed.getRepostedBy", access: .optional, services: services) { request in
            let uri = try request.required("uri")
            let id = try postID(uri)
            let limit = try request.limit()
            return try read(services, viewer: request.viewer) { reader in
                guard try store.visibleStatusRow(reader.db, id: id, viewer: request.viewer) != nil else { return ["uri": uri, "repostedBy": [Any]()] }
                let (people, cursor) = try page(
                    reader, request: request, select: "x.account_id AS who", column: "x.id", from: "statuses x",
                    condition: "x.reblog_of_id = ?", arguments: [id], limit: limit
                ) { row in try reader.profileView(row["who"]) }
                return try subjectOutput(reader, uri: uri, id: id, "repostedBy", people, cursor: cursor)
            }
        }
        router.xrpc(.query, "app.bsky.feed.getQuotes", access: .optional, services: services) { request in
            let uri = try request.required("uri")
            let id = try postID(uri)
            let limit = try request.limit()
            return try read(services, viewer: request.viewer) { reader in
                let (posts, cursor) = try page(
                    reader, request: request, select: "x.*", column: "x.id", from: "statuses x",
                    condition: "x.quote_of_id = ?", arguments: [id], limit: limit
                ) { row in try store.canSee(reader.db, status: row, viewer: request.viewer) ? try reader.postViews([row]).first : nil }
                return try subjectOutput(reader, uri: uri, id: id, "posts", posts, cursor: cursor)
            }
        }
        router.xrpc(.query, "app.bsky.feed.searchPosts", access: .optional, services: services) { request in
            let query = try request.required("q")
            try RequestLimits.checkSearch(query)
            let limit = try request.limit(default: 25)
            let offset = Int(request.string("cursor") ?? "") ?? 0
            let found = try store.searchStatuses(query, viewer: request.viewer, limit: limit, offset: offset)
            return try read(services, viewer: request.viewer) { reader in
                var output: XObject = ["posts": try reader.postViews(statusRows(reader.db, ids: found.compactMap { Int64($0.id) }))]
                if found.count == limit { output["cursor"] = String(offset + limit) }
                return output
            }
        }
        router.xrpc(.query, "app.bsky.feed.getFeed", access: .optional, services: services) { request in
            let uri = try request.required("feed")
            guard let parts = ATIdentifiers.parse(uri: uri), parts.collection == ATCollection.generator,
                let feed = customFeeds.first(where: { $0.rkey == parts.rkey })
            else { throw XRPCError.named("UnknownFeed", "Unknown feed: \(uri)") }
            return try feedPage(services, feed.kind, request: request, viewer: request.viewer)
        }
        router.xrpc(.query, "app.bsky.feed.getFeedGenerators", access: .optional, services: services) { request in
            let uris = request.strings("feeds")
            return try read(services, viewer: request.viewer) { reader in
                ["feeds": try uris.compactMap { try generatorView(reader, uri: $0) }]
            }
        }
        router.xrpc(.query, "app.bsky.feed.getFeedGenerator", access: .optional, services: services) { request in
            let uri = try request.required("feed")
            return try read(services, viewer: request.viewer) { reader in
                guard let view = try generatorView(reader, uri: uri) else { throw XRPCError.named("UnknownFeed", "Unknown feed: \(uri)") }
                return ["view": view, "isOnline": true, "isValid": true]
            }
        }
        router.xrpc(.query, "app.bsky.feed.getListFeed", access: .required, services: services) { request in
            let id = try recordID(try request.required("list"), collection: ATCollection.list)
            do {
                return try feedPage(services, .list(id), request: request, viewer: request.viewer)
            } catch let error as APIError where error.status == .notFound {
                throw XRPCError.named("UnknownList", "List not found")
            }
        }
    }

    /// The answer about one post's likes, reposts or quotes: its URI and CID, the items under `key`, the cursor.
    static func subjectOutput(_ reader: BlueskyReader, uri: String, id: Int64, _ key: String, _ items: [XObject], cursor: String?) throws -> XObject {
        var output: XObject = ["uri": uri, key: items]
        if let cid = try reader.postRecord(id)?.cid { output["cid"] = cid }
        if let cursor { output["cursor"] = cursor }
        return output
    }

    /// `app.bsky.feed.defs#generatorView` of one of the demo's feeds; nil for any other URI.
    static func generatorView(_ reader: BlueskyReader, uri: String) throws -> XObject? {
        guard let parts = ATIdentifiers.parse(uri: uri), parts.collection == ATCollection.generator,
            let feed = customFeeds.first(where: { $0.rkey == parts.rkey }), try feedURI(reader.db, store: reader.store, rkey: feed.rkey) == uri
        else { return nil }
        let owner = try reader.store.ownerID(reader.db)
        let created = ATIdentifiers.datetime(millis: try reader.accountRow(owner)["created_at"])
        let record: XObject = [
            "$type": ATCollection.generator, "did": ATIdentifiers.serviceDID(baseURL: reader.baseURL), "displayName": feed.name,
            "description": feed.description, "createdAt": created,
        ]
        return [
            "uri": uri, "cid": ATIdentifiers.cid(record: record), "did": ATIdentifiers.serviceDID(baseURL: reader.baseURL),
            "creator": try reader.profileView(owner), "displayName": feed.name, "description": feed.description, "likeCount": 0,
            "indexedAt": created, "labels": [Any](),
        ]
    }
}
