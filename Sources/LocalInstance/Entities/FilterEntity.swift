/// Mastodon's `Filter` (v2): a user's filter, its contexts, action and (when asked for) keywords.
public struct FilterEntity: Encodable, Sendable {
    /// Mastodon's `FilterKeyword`.
    public struct Keyword: Encodable, Sendable {
        public var id: String
        public var keyword: String
        public var wholeWord: Bool
    }

    /// Mastodon's `FilterStatus`.
    public struct FilterStatus: Encodable, Sendable {
        public var id: String
        public var statusId: String
    }

    public var id: String
    public var title: String
    public var context: [String]
    @NullEncoded public var expiresAt: String?
    public var filterAction: String
    /// Present in `/api/v2/filters`; left out inside a `FilterResult`, as Mastodon leaves it out.
    public var keywords: [Keyword]?
    public var statuses: [FilterStatus]?
}

/// Mastodon's `FilterResult`: a filter that matched a status, and what in it matched.
public struct FilterResultEntity: Encodable, Sendable {
    public var filter: FilterEntity
    @NullEncoded public var keywordMatches: [String]?
    @NullEncoded public var statusMatches: [String]?
}
