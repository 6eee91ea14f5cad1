import Foundation

/// A hashtag with whether the user follows it and its last week of use.
public struct Hashtag: Codable, Hashable, Sendable, Identifiable {
    /// The name without `#`.
    public var name: String
    public var following: Bool
    /// Posts with it in the last seven days (0 when the server did not say).
    public var uses: Int
    /// People who used it in the last seven days.
    public var people: Int
    public var id: String { name.lowercased() }

    public init(name: String, following: Bool = false, uses: Int = 0, people: Int = 0) {
        self.name = name
        self.following = following
        self.uses = uses
        self.people = people
    }
}

/// A timeline made by someone else's algorithm that the user saved (a Bluesky custom feed), read as
/// ``TimelineKind/feed(id:)``.
public struct CustomFeed: Codable, Hashable, Sendable, Identifiable {
    /// The network's address of the feed (Bluesky's `at://` URI of its generator).
    public var id: String
    /// Its name as its creator gave it.
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// The timelines the user keeps on the server: lists, and the custom feeds saved where the network has them.
/// Read at once as ``AccountEngine/savedTimelines()``; what Go to and line mode offer besides the network's own.
public struct SavedTimelines: Hashable, Sendable {
    public var lists: [UserList]
    public var feeds: [CustomFeed]

    public init(lists: [UserList] = [], feeds: [CustomFeed] = []) {
        self.lists = lists
        self.feeds = feeds
    }
}

/// A private message sent through a network's chat, which is not a post (Bluesky's `chat.bsky`; Mastodon's direct
/// messages are posts of direct visibility).
public struct DirectMessage: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    /// The conversation it was sent in.
    public var conversationId: String
    /// The text as written.
    public var text: String
    public var sentAt: Date

    public init(id: String, conversationId: String, text: String, sentAt: Date) {
        self.id = id
        self.conversationId = conversationId
        self.text = text
        self.sentAt = sentAt
    }
}

/// The user's profile as they wrote it (plain text, not the server's HTML): what the profile editor shows
/// and sends back whole.
public struct ProfileEdit: Codable, Hashable, Sendable {
    /// Mastodon's limits.
    public static let maxFields = 4
    public static let maxDisplayName = 30
    public static let maxNote = 500

    public var displayName: String
    /// The bio.
    public var note: String
    /// Up to four name and value pairs.
    public var fields: [ProfileField]
    /// Follow requests need the user's approval.
    public var locked: Bool

    public init(displayName: String, note: String, fields: [ProfileField] = [], locked: Bool = false) {
        self.displayName = displayName
        self.note = note
        self.fields = fields
        self.locked = locked
    }
}

/// The rest of an account: lists and their members, followed hashtags, the profile, pinned posts,
/// private notes on accounts, and what is trending. Part of ``TimelineService`` and of ``AccountEngine``.
public protocol AccountToolsService {
    /// Creates a list.
    func createList(title: String) async throws -> UserList
    /// Renames a list.
    func renameList(id: String, title: String) async throws -> UserList
    /// Deletes a list.
    func deleteList(id: String) async throws
    /// The accounts on a list.
    func listAccounts(id: String) async throws -> [Account]
    /// Adds accounts to a list (the user must follow them) or removes them.
    func setListMembership(_ member: Bool, listId: String, accountIds: [String]) async throws
    /// The user's lists that hold an account.
    func lists(containing accountId: String) async throws -> [UserList]

    /// One hashtag, with whether the user follows it.
    func hashtag(name: String) async throws -> Hashtag
    /// The hashtags the user follows.
    func followedHashtags() async throws -> [Hashtag]
    /// Follows a hashtag (its posts come into home) or stops following it.
    func setHashtagFollowed(_ followed: Bool, name: String) async throws -> Hashtag

    /// The user's profile as they wrote it.
    func profileEdit() async throws -> ProfileEdit
    /// Replaces the user's name, bio, fields and locked switch; returns the account as it now is.
    func updateProfile(_ edit: ProfileEdit) async throws -> Account

    /// Pins one of the user's posts to their profile, or unpins it; returns the post.
    func setPinned(_ pinned: Bool, postId: String) async throws -> Post
    /// An account's pinned posts.
    func pinnedPosts(accountId: String) async throws -> [Post]

    /// Sets the user's private note on an account (empty removes it); returns the relationship, which carries it.
    func setNote(_ note: String, accountId: String) async throws -> Relationship

    /// Posts being boosted and favourited on the server.
    func trendingPosts(limit: Int) async throws -> [Post]
    /// Hashtags being used on the server.
    func trendingHashtags(limit: Int) async throws -> [Hashtag]
    /// Links being shared on the server.
    func trendingLinks(limit: Int) async throws -> [LinkCard]

    /// The hashtags featured on the user's profile.
    func featuredHashtags() async throws -> [FeaturedHashtag]
    /// Features a hashtag on the user's profile (name without `#`); returns it.
    func featureHashtag(name: String) async throws -> FeaturedHashtag
    /// Stops featuring a hashtag, by its ``FeaturedHashtag/id``.
    func unfeatureHashtag(id: String) async throws

    /// The custom feeds the user saved, pinned first, each read as ``TimelineKind/feed(id:)``.
    func customFeeds() async throws -> [CustomFeed]
    /// Sends a private message to one person through the network's chat (its conversation with them, made
    /// when there is none), where direct messages are not posts.
    func sendDirectMessage(_ text: String, toAccountId accountId: String) async throws -> DirectMessage

    /// Who boosted a post.
    func boostedBy(postId: String, page: PageRequest) async throws -> Page<Account>
    /// Who favourited a post.
    func favouritedBy(postId: String, page: PageRequest) async throws -> Page<Account>
}
