import Foundation

/// One of the user's server filters (Mastodon's v2 `Filter`): words that put posts behind a warning or
/// hide them, in some contexts, until it expires.
public struct KeywordFilter: Codable, Hashable, Sendable, Identifiable {
    public struct Keyword: Codable, Hashable, Sendable, Identifiable {
        public var id: String
        public var text: String
        public var wholeWord: Bool

        public init(id: String, text: String, wholeWord: Bool = true) {
            self.id = id
            self.text = text
            self.wholeWord = wholeWord
        }
    }

    public var id: String
    public var title: String
    /// Where it applies: `home`, `notifications`, `public`, `thread`, `account`.
    public var contexts: [String]
    public var action: FilterAction
    public var expiresAt: Date?
    public var keywords: [Keyword]

    public init(id: String, title: String, contexts: [String], action: FilterAction, expiresAt: Date? = nil, keywords: [Keyword] = []) {
        self.id = id
        self.title = title
        self.contexts = contexts
        self.action = action
        self.expiresAt = expiresAt
        self.keywords = keywords
    }

    /// The contexts a filter may name.
    public static let allContexts = ["home", "notifications", "public", "thread", "account"]
}

/// A filter to create, or the changes to one (nil: unchanged).
public struct FilterDraft: Hashable, Sendable, Codable {
    public var title: String?
    public var contexts: [String]?
    public var action: FilterAction?
    /// Seconds until it expires; `.some(nil)` never expires; nil unchanged (never, for a new filter).
    public var expiresIn: Int??
    /// Keywords to add.
    public var addKeywords: [String]
    /// Ids of keywords to remove.
    public var removeKeywordIds: [String]
    /// Whether the added keywords match whole words only ("cat" not in "category").
    public var wholeWord: Bool = true

    public init(
        title: String? = nil, contexts: [String]? = nil, action: FilterAction? = nil, expiresIn: Int?? = nil,
        addKeywords: [String] = [], removeKeywordIds: [String] = [], wholeWord: Bool = true
    ) {
        self.wholeWord = wholeWord
        self.title = title
        self.contexts = contexts
        self.action = action
        self.expiresIn = expiresIn
        self.addKeywords = addKeywords
        self.removeKeywordIds = removeKeywordIds
    }
}

/// The user's keyword filters on the server (Mastodon's `/api/v2/filters`). Part of ``TimelineService``.
public protocol FilterService: Sendable {
    /// The user's filters with their keywords.
    func filters() async throws -> [KeywordFilter]
    /// Creates a filter (`id` nil) or changes one.
    func saveFilter(_ draft: FilterDraft, id: String?) async throws -> KeywordFilter
    /// Deletes a filter.
    func deleteFilter(id: String) async throws
}
