import Foundation
import GRDB
import Hummingbird

/// The AT Protocol face of the instance: XRPC methods at `/xrpc/<nsid>` over the same community and
/// database as the Mastodon routes, behind the same middleware (its rate-limit budget, faults and limits).
enum XRPCRouter {
    static func addRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        addServerRoutes(router, services)
        addRepoRoutes(router, services)
        addFeedRoutes(router, services)
        addActorRoutes(router, services)
        addGraphRoutes(router, services)
        addNotificationRoutes(router, services)
        addChatRoutes(router, services)
        addBookmarkRoutes(router, services)
    }

    /// Builds an output inside one database read, with a reader for the viewer.
    static func read(_ services: InstanceServices, viewer: Viewer?, _ build: (BlueskyReader) throws -> XObject) throws -> APIResponse {
        let store = services.store
        let data = try store.database.queue.read { db -> Data in
            let object = try build(BlueskyReader(db: db, store: store, viewer: viewer))
            return try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])
        }
        return APIResponse(body: data)
    }

    /// Status rows by id, in the order given (ids without a row are left out).
    static func statusRows(_ db: Database, ids: [Int64]) throws -> [Row] {
        guard !ids.isEmpty else { return [] }
        var byID: [Int64: Row] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM statuses WHERE id IN (\(InstanceStore.placeholders(ids.count)))", arguments: StatementArguments(ids)) {
            byID[row["id"]] = row
        }
        return ids.compactMap { byID[$0] }
    }

    /// The status id of a post's `at://` URI.
    ///
    /// - Throws: 400 `InvalidRequest` when the URI does not name a post of this instance.
    static func postID(_ uri: String) throws -> Int64 {
        guard let parts = ATIdentifiers.parse(uri: uri), parts.collection == ATCollection.post, let id = ATIdentifiers.id(tid: parts.rkey) else {
            throw XRPCError.invalid("Not a post URI: \(uri)")
        }
        return id
    }

    /// The id of a record of `collection` named by an `at://` URI.
    static func recordID(_ uri: String, collection: String) throws -> Int64 {
        guard let parts = ATIdentifiers.parse(uri: uri), parts.collection == collection, let id = ATIdentifiers.id(tid: parts.rkey) else {
            throw XRPCError.invalid("Not a \(collection) URI: \(uri)")
        }
        return id
    }

    /// A timeline of the Mastodon face as a page of feed items (`feed`, `cursor`): the same selection, order
    /// and hiding, with the row id as the cursor; the last page has no cursor.
    static func feedPage(_ services: InstanceServices, _ kind: TimelineKind, request: XRPCRequest, viewer: Viewer?) throws -> APIResponse {
        let limit = try request.limit()
        let query = PageQuery(cursor: try request.cursor(), limit: limit)
        return try read(services, viewer: viewer) { reader in
            let (rows, page) = try services.store.timelineRows(reader.db, kind, page: query, viewer: viewer)
            var output: XObject = ["feed": try reader.feedItems(page.items.map { rows[$0] })]
            if page.items.count == limit, let oldest = page.oldest { output["cursor"] = String(oldest) }
            return output
        }
    }

    /// A page of rows read in cursor order (newest first), each made into an item or left out; with `cursor`
    /// when the page is full.
    static func page(
        _ reader: BlueskyReader, request: XRPCRequest, select: String, column: String, from: String, condition: String,
        arguments: [(any DatabaseValueConvertible)?], limit: Int, build: (Row) throws -> XObject?
    ) throws -> (items: [XObject], cursor: String?) {
        // Pages hold Sendable items: the objects wait in a list, the page holds their places in it.
        var built: [XObject] = []
        let page = try reader.store.paginate(
            reader.db, select: select, column: column, from: from, condition: condition, arguments: arguments,
            page: PageQuery(cursor: try request.cursor(), limit: limit)
        ) { row -> Int? in
            guard let item = try build(row) else { return nil }
            built.append(item)
            return built.count - 1
        }
        return (page.items.map { built[$0] }, page.items.count == limit ? page.oldest.map(String.init) : nil)
    }

    /// The caller and input of a write to a repository, which must be the caller's own.
    ///
    /// - Throws: 401 without a session, 400 `InvalidRequest` for another account's repository.
    static func repoWrite(_ store: InstanceStore, _ request: XRPCRequest) throws -> (Viewer, XObject) {
        let viewer = try request.requireViewer()
        let input = try request.input()
        let owner = try store.database.queue.read { db in try (input["repo"] as? String).map { try store.atActor(db, named: $0).id } }
        guard owner == viewer.accountID else { throw XRPCError.invalid("Invalid repo: you may only write to your own repository") }
        return (viewer, input)
    }
}

extension PageQuery {
    /// A page going back from an XRPC cursor (a row id), newest first.
    init(cursor: Int64?, limit: Int) {
        self.maxID = cursor
        self.sinceID = nil
        self.minID = nil
        self.limit = limit
    }
}
