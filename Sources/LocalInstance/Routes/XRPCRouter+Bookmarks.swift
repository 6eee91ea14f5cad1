import Foundation
import GRDB
import Hummingbird

extension XRPCRouter {
    /// `app.bsky.bookmark.*`: the user's private bookmarks of posts, the same as the Mastodon face's (one table).
    static func addBookmarkRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        for (nsid, on) in [("app.bsky.bookmark.createBookmark", true), ("app.bsky.bookmark.deleteBookmark", false)] {
            router.xrpc(.procedure, nsid, access: .required, services: services) { request in
                let viewer = try request.requireViewer()
                let uri = try request.input()["uri"] as? String ?? ""
                guard ATIdentifiers.parse(uri: uri)?.collection == ATCollection.post else {
                    throw XRPCError.named("UnsupportedCollection", "Only posts can be bookmarked: \(uri)")
                }
                _ = try store.mark("bookmarks", id: try postID(uri), on: on, viewer: viewer)
                return .xrpcEmpty
            }
        }
        router.xrpc(.query, "app.bsky.bookmark.getBookmarks", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            let limit = try request.limit()
            let query = PageQuery(cursor: try request.cursor(), limit: limit)
            return try read(services, viewer: viewer) { reader in
                let (rows, page) = try store.timelineRows(reader.db, .bookmarks, page: query, viewer: viewer)
                let shown = page.items.map { rows[$0] }
                let saved = try bookmarkTimes(reader.db, statusIDs: shown.map { $0["id"] }, viewer: viewer)
                let views = try reader.postViews(shown)
                let bookmarks: [XObject] = zip(shown, views).map { row, view in
                    var item = view
                    item["$type"] = "app.bsky.feed.defs#postView"
                    var bookmark: XObject = ["subject": ["uri": view["uri"]!, "cid": view["cid"]!] as XObject, "item": item]
                    if let millis = saved[row["id"]] { bookmark["createdAt"] = ATIdentifiers.datetime(millis: millis) }
                    return bookmark
                }
                var output: XObject = ["bookmarks": bookmarks]
                if page.items.count == limit, let oldest = page.oldest { output["cursor"] = String(oldest) }
                return output
            }
        }
    }

    /// When the viewer saved each of the posts, by status id.
    private static func bookmarkTimes(_ db: Database, statusIDs: [Int64], viewer: Viewer) throws -> [Int64: Int64] {
        guard !statusIDs.isEmpty else { return [:] }
        let rows = try Row.fetchAll(
            db, sql: "SELECT status_id, created_at FROM bookmarks WHERE account_id = ? AND status_id IN (\(InstanceStore.placeholders(statusIDs.count)))",
            arguments: StatementArguments([viewer.accountID] + statusIDs))
        return Dictionary(rows.map { ($0["status_id"], $0["created_at"]) }, uniquingKeysWith: { first, _ in first })
    }
}
