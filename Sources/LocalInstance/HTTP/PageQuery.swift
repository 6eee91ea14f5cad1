/// Mastodon's pagination parameters: `max_id`, `since_id`, `min_id` and `limit`.
///
/// `max_id` pages back (older), `since_id` gives the newest items above an id, `min_id` the items
/// immediately above an id (paging forward). Results are always newest first.
struct PageQuery: Sendable, Equatable {
    var maxID: Int64?
    var sinceID: Int64?
    var minID: Int64?
    var limit: Int

    /// Reads the parameters; `limit` defaults to `defaultLimit` and is clamped to 1…`maxLimit`.
    ///
    /// - Throws: ``APIError`` 400 when an id or the limit is not a whole number.
    init(params: Params, defaultLimit: Int = 20, maxLimit: Int) throws {
        func id(_ name: String) throws -> Int64? {
            guard let text = params.string(name) else { return nil }
            guard let value = Int64(text) else { throw APIError.badRequest("\(name) must be an id (a whole number)") }
            return value
        }
        maxID = try id("max_id")
        sinceID = try id("since_id")
        minID = try id("min_id")
        let requested = try params.int("limit") ?? defaultLimit
        limit = min(max(requested, 1), maxLimit)
    }
}

/// A page of results with the cursors its `Link` header needs.
struct Page<Item: Sendable>: Sendable {
    var items: [Item]
    /// The newest item's cursor (for `prev`, as `min_id`).
    var newest: Int64?
    /// The oldest item's cursor (for `next`, as `max_id`).
    var oldest: Int64?

    init(items: [Item], cursors: [Int64]) {
        self.items = items
        newest = cursors.first
        oldest = cursors.last
    }

    /// The same page with each item transformed (the cursors stay).
    func map<Other: Sendable>(_ transform: (Item) throws -> Other) rethrows -> Page<Other> {
        var page = Page<Other>(items: try items.map(transform), cursors: [])
        page.newest = newest
        page.oldest = oldest
        return page
    }
}
