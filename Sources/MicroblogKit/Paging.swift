import Foundation

/// Which slice of a list to fetch, in the network's own terms: a cursor only the network's module reads
/// (the engine, the screens and line mode keep it and give it back, never look inside or compare it).
public struct PageRequest: Hashable, Sendable, Codable {
    /// Where the page starts, as the network's module wrote it; nil asks for the newest page.
    public var cursor: String?
    /// How many items; nil asks for the largest page the server allows.
    public var limit: Int?

    public init(cursor: String? = nil, limit: Int? = nil) {
        self.cursor = cursor
        self.limit = limit
    }

    /// A cursor made of named values (`max_id=9&since_id=3`), for a network that pages by query
    /// parameters; pairs without a value are left out, and none at all make the newest page.
    public init(parameters: [(name: String, value: String?)], limit: Int? = nil) {
        var components = URLComponents()
        components.queryItems = parameters.compactMap { pair in pair.value.map { URLQueryItem(name: pair.name, value: $0) } }
        let query = components.percentEncodedQuery ?? ""
        self.init(cursor: query.isEmpty ? nil : query, limit: limit)
    }

    /// One named value of a cursor made by ``init(parameters:limit:)``; nil when it has none.
    public func parameter(_ name: String) -> String? {
        guard let cursor else { return nil }
        var components = URLComponents()
        components.percentEncodedQuery = cursor
        return components.queryItems?.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The newest page at the largest size.
    public static let newest = PageRequest()
}

/// One page of items, newest first, with the requests for the pages around it.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// Older items (the `next` Link); nil at the end.
    public var older: PageRequest?
    /// Newer items (the `prev` Link); nil when the server gave none.
    public var newer: PageRequest?
    /// How many items the server sent that could not be read (left out of ``items``), to be told.
    public var unreadable: Int
    /// Direct conversations whose last post is gone (Mastodon's `last_status` null): no post to show, but
    /// the conversation is still there, with the people in it.
    public var postless: [PostlessConversation]

    public init(items: [Item], older: PageRequest? = nil, newer: PageRequest? = nil, unreadable: Int = 0,
                postless: [PostlessConversation] = []) {
        self.items = items
        self.older = older
        self.newer = newer
        self.unreadable = unreadable
        self.postless = postless
    }
}

/// A direct conversation whose last post was deleted.
public struct PostlessConversation: Sendable, Hashable {
    public var id: String
    /// The other people in it.
    public var accounts: [Account]

    public init(id: String, accounts: [Account]) {
        self.id = id
        self.accounts = accounts
    }
}

extension Page: Equatable where Item: Equatable {}

/// The timelines Parla can read.
public enum TimelineKind: Hashable, Sendable, Codable {
    case home
    /// Only the server's own users.
    case local
    /// Everything the server knows (Mastodon's public timeline).
    case federated
    /// Posts that mention the user (notifications of type mention, as posts).
    case mentions
    /// Direct messages (posts with direct visibility).
    case direct
    /// One user's posts.
    case user(accountId: String)
    /// A hashtag, without `#`.
    case hashtag(String)
    /// One of the user's lists.
    case list(id: String)
    case bookmarks
    case favourites
    /// Public posts that share a link (the address; Mastodon's trending links).
    case link(url: String)
    /// A custom feed the user saved (``CustomFeed``), by its network's address.
    case feed(id: String)

    /// A stable key for caches and saved positions (`home`, `user:42`, `tag:swift`).
    public var key: String {
        switch self {
        case .home: "home"
        case .local: "local"
        case .federated: "federated"
        case .mentions: "mentions"
        case .direct: "direct"
        case .user(let id): "user:\(id)"
        case .hashtag(let tag): "tag:\(tag.lowercased())"
        case .list(let id): "list:\(id)"
        case .bookmarks: "bookmarks"
        case .favourites: "favourites"
        case .link(let url): "link:\(url)"
        case .feed(let id): "feed:\(id)"
        }
    }

    /// Parses a key made by ``key``.
    public init?(key: String) {
        switch key {
        case "home": self = .home
        case "local": self = .local
        case "federated": self = .federated
        case "mentions": self = .mentions
        case "direct": self = .direct
        case "bookmarks": self = .bookmarks
        case "favourites": self = .favourites
        default:
            if key.hasPrefix("user:") {
                self = .user(accountId: String(key.dropFirst(5)))
            } else if key.hasPrefix("tag:") {
                self = .hashtag(String(key.dropFirst(4)))
            } else if key.hasPrefix("list:") {
                self = .list(id: String(key.dropFirst(5)))
            } else if key.hasPrefix("link:") {
                self = .link(url: String(key.dropFirst(5)))
            } else if key.hasPrefix("feed:") {
                self = .feed(id: String(key.dropFirst(5)))
            } else {
                return nil
            }
        }
    }
}
