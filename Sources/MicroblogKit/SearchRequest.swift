/// What a search finds: one kind of result, or all of them.
public enum SearchKind: String, Hashable, Sendable, Codable, CaseIterable {
    case accounts, posts, hashtags

    /// Mastodon's `type` parameter.
    public var apiType: String {
        switch self {
        case .accounts: "accounts"
        case .posts: "statuses"
        case .hashtags: "hashtags"
        }
    }
}

/// One page of a search. Mastodon pages search results by `offset` within one kind (`type`); the first
/// page of all kinds at once has offset 0.
public struct SearchRequest: Hashable, Sendable {
    public var query: String
    /// One kind of result to page through; nil for all kinds (first page only).
    public var kind: SearchKind?
    /// How many results of the kind to skip.
    public var offset: Int
    /// How many results per kind; nil asks for the largest page the server allows.
    public var limit: Int?

    public init(query: String, kind: SearchKind? = nil, offset: Int = 0, limit: Int? = nil) {
        self.query = query
        self.kind = kind
        self.offset = offset
        self.limit = limit
    }

    /// The page after `results` for `kind` (this request's kind, or the one given for a search of all
    /// kinds), or nil when that page came back short of the page size `pageSize` (there is no more).
    public func next(after results: SearchResults, kind: SearchKind? = nil, pageSize: Int) -> SearchRequest? {
        guard let kind = kind ?? self.kind else { return nil }
        let count = results.count(of: kind)
        guard count > 0, count >= (limit ?? pageSize) else { return nil }
        return SearchRequest(query: query, kind: kind, offset: offset + count, limit: limit)
    }
}

extension SearchResults {
    /// How many results of a kind came.
    public func count(of kind: SearchKind) -> Int {
        switch kind {
        case .accounts: accounts.count
        case .posts: posts.count
        case .hashtags: hashtags.count
        }
    }
}
