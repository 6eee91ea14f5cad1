import Foundation
import ParlaBase

/// Who can see a post.
public enum Visibility: OpenEnum, CaseIterable {
    case `public`, unlisted, `private`, direct
    case unknown(String)

    public static let known: [Visibility] = [.public, .unlisted, .private, .direct]
    public static var allCases: [Visibility] { known }

    public var rawValue: String {
        switch self {
        case .public: "public"
        case .unlisted: "unlisted"
        case .private: "private"
        case .direct: "direct"
        case .unknown(let raw): raw
        }
    }
}

/// A profile field as its owner writes it ("Pronouns: she/her"), plain text; ``AccountField`` is a field as
/// others read it.
public struct ProfileField: Codable, Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A user on a server.
public struct Account: Codable, Hashable, Sendable, Identifiable {
    /// The server's id (opaque).
    public var id: String
    /// `user` for local users, `user@server` for remote ones.
    public var acct: String
    public var username: String
    /// May be empty; then the username is shown.
    public var displayName: String
    /// The bio.
    public var note: RichText
    public var url: String
    public var locked: Bool
    public var bot: Bool
    public var followersCount: Int
    public var followingCount: Int
    public var postsCount: Int
    public var createdAt: Date?
    public var fields: [AccountField]
    /// The account it moved to, when the user has moved.
    public var moved: Box<Account>?
    /// The server's emoji used in the name and bio (`:blob_cat:`).
    public var emojis: [CustomEmoji]?
    /// The language the user posts in by default (`source.language`, known only for the signed-in user).
    public var postingLanguage: String?

    public init(
        id: String, acct: String, username: String, displayName: String = "", note: RichText = .empty, url: String = "",
        locked: Bool = false, bot: Bool = false, followersCount: Int = 0, followingCount: Int = 0, postsCount: Int = 0,
        createdAt: Date? = nil, fields: [AccountField] = [], moved: Account? = nil, emojis: [CustomEmoji] = []
    ) {
        self.id = id
        self.acct = acct
        self.username = username
        self.displayName = displayName
        self.note = note
        self.url = url
        self.locked = locked
        self.bot = bot
        self.followersCount = followersCount
        self.followingCount = followingCount
        self.postsCount = postsCount
        self.createdAt = createdAt
        self.fields = fields
        self.moved = moved.map(Box.init)
        self.emojis = emojis.isEmpty ? nil : emojis
    }

    /// The display name, or the username when it is blank.
    public var name: String {
        displayName.isBlank ? username : displayName
    }

    /// The server part of `acct` for remote users; nil for users of the account's own server.
    public var remoteDomain: String? {
        guard let at = acct.firstIndex(of: "@") else { return nil }
        return String(acct[acct.index(after: at)...])
    }
}

/// What kind of media an attachment is.
public enum MediaKind: OpenEnum {
    case image, video, gifv, audio
    case unknown(String)

    public static let known: [MediaKind] = [.image, .video, .gifv, .audio]

    public var rawValue: String {
        switch self {
        case .image: "image"
        case .video: "video"
        case .gifv: "gifv"
        case .audio: "audio"
        case .unknown(let raw): raw
        }
    }
}

/// A picture, video or sound attached to a post.
public struct MediaAttachment: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var kind: MediaKind
    public var url: String
    /// The alt text; nil or empty when the author gave none.
    public var description: String?
    /// How long a video or sound plays, in seconds, when the server says (Mastodon's `meta.original.duration`).
    public var duration: Double?
    /// The picture's or video's size in pixels, when the server says (Mastodon's `meta.original.width` and
    /// `height`; Bluesky's `aspectRatio`, which is in the same proportion).
    public var width: Int?
    public var height: Int?
    /// A video's frames per second, when the server says (Mastodon's `meta.original.frame_rate`, "30/1").
    public var frameRate: Double?

    public init(id: String, kind: MediaKind, url: String = "", description: String? = nil, duration: Double? = nil, width: Int? = nil,
                height: Int? = nil, frameRate: Double? = nil) {
        self.id = id
        self.kind = kind
        self.url = url
        self.description = description
        self.duration = duration
        self.width = width
        self.height = height
        self.frameRate = frameRate
    }

    /// Whether the author described it.
    public var hasDescription: Bool {
        !(description ?? "").isBlankOrNewlines
    }
}

/// A poll on a post.
public struct Poll: Codable, Hashable, Sendable, Identifiable {
    public struct Option: Codable, Hashable, Sendable {
        public var title: String
        /// nil while results are hidden.
        public var votesCount: Int?

        public init(title: String, votesCount: Int? = nil) {
            self.title = title
            self.votesCount = votesCount
        }
    }

    public var id: String
    public var expiresAt: Date?
    public var expired: Bool
    public var multiple: Bool
    public var votesCount: Int
    public var votersCount: Int?
    public var options: [Option]
    /// Whether the user has voted; nil when not known (no user).
    public var voted: Bool?
    /// The indexes the user chose.
    public var ownVotes: [Int]

    public init(
        id: String, expiresAt: Date? = nil, expired: Bool = false, multiple: Bool = false, votesCount: Int = 0,
        votersCount: Int? = nil, options: [Option], voted: Bool? = nil, ownVotes: [Int] = []
    ) {
        self.id = id
        self.expiresAt = expiresAt
        self.expired = expired
        self.multiple = multiple
        self.votesCount = votesCount
        self.votersCount = votersCount
        self.options = options
        self.voted = voted
        self.ownVotes = ownVotes
    }
}

/// Someone mentioned in a post.
public struct Mention: Codable, Hashable, Sendable {
    public var id: String
    public var username: String
    public var acct: String
    public var url: String

    public init(id: String, username: String, acct: String, url: String = "") {
        self.id = id
        self.username = username
        self.acct = acct
        self.url = url
    }
}

/// A post (Mastodon's "status"). A boost is a post whose `reblog` holds the boosted post.
public struct Post: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var uri: String
    public var url: String?
    public var createdAt: Date
    public var account: Account
    /// The body, as the network's module read it.
    public var content: RichText
    /// The content warning; empty when there is none.
    public var spoilerText: String
    public var sensitive: Bool
    public var visibility: Visibility
    /// ISO 639-1 code, when the server knows it.
    public var language: String?
    public var inReplyToId: String?
    public var inReplyToAccountId: String?
    /// The boosted post, for a boost.
    public var reblog: Box<Post>?
    public var media: [MediaAttachment]
    public var mentions: [Mention]
    /// Hashtag names without `#`.
    public var tags: [String]
    public var poll: Poll?
    public var repliesCount: Int
    public var reblogsCount: Int
    public var favouritesCount: Int
    public var favourited: Bool
    public var reblogged: Bool
    public var bookmarked: Bool
    public var editedAt: Date?
    /// The user's server filters that matched this post; nil or empty when none did.
    public var filtered: [FilterMatch]?
    /// The post this one quotes (Mastodon 4.4+).
    public var quote: Quote?
    /// The preview of the first link.
    public var card: LinkCard?
    /// The server's emoji used in the text and content warning.
    public var emojis: [CustomEmoji]?
    /// The user muted this post's conversation (nil when the server did not say).
    public var muted: Bool?
    /// The user pinned this post to their profile (nil when the server did not say).
    public var pinned: Bool?

    public init(
        id: String, uri: String = "", url: String? = nil, createdAt: Date, account: Account, content: RichText,
        spoilerText: String = "", sensitive: Bool = false, visibility: Visibility = .public, language: String? = nil,
        inReplyToId: String? = nil, inReplyToAccountId: String? = nil, reblog: Post? = nil,
        media: [MediaAttachment] = [], mentions: [Mention] = [], tags: [String] = [], poll: Poll? = nil,
        repliesCount: Int = 0, reblogsCount: Int = 0, favouritesCount: Int = 0, favourited: Bool = false,
        reblogged: Bool = false, bookmarked: Bool = false, editedAt: Date? = nil, filtered: [FilterMatch] = [],
        quote: Quote? = nil, card: LinkCard? = nil, emojis: [CustomEmoji] = []
    ) {
        self.id = id
        self.uri = uri
        self.url = url
        self.createdAt = createdAt
        self.account = account
        self.content = content
        self.spoilerText = spoilerText
        self.sensitive = sensitive
        self.visibility = visibility
        self.language = language
        self.inReplyToId = inReplyToId
        self.inReplyToAccountId = inReplyToAccountId
        self.reblog = reblog.map(Box.init)
        self.media = media
        self.mentions = mentions
        self.tags = tags
        self.poll = poll
        self.repliesCount = repliesCount
        self.reblogsCount = reblogsCount
        self.favouritesCount = favouritesCount
        self.favourited = favourited
        self.reblogged = reblogged
        self.bookmarked = bookmarked
        self.editedAt = editedAt
        self.filtered = filtered.isEmpty ? nil : filtered
        self.quote = quote
        self.card = card
        self.emojis = emojis.isEmpty ? nil : emojis
    }

    /// The post whose text is shown: the boosted one for a boost, else this one.
    public var shown: Post { reblog?.value ?? self }

    /// Whether this is a boost of another post.
    public var isBoost: Bool { reblog != nil }
}

/// A reference box, so a post can hold the post it boosts.
public final class Box<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public let value: Value

    public init(_ value: Value) { self.value = value }

    public init(from decoder: any Decoder) throws { value = try Value(from: decoder) }

    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }

    public static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }

    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// What a notification is about.
public enum NotificationKind: OpenEnum {
    case mention, reblog, favourite, follow, followRequest, poll, status, update
    case adminSignUp, adminReport, severedRelationships, moderationWarning, quote, quotedUpdate, annualReport
    case unknown(String)

    public static let known: [NotificationKind] = [
        .mention, .reblog, .favourite, .follow, .followRequest, .poll, .status, .update,
        .adminSignUp, .adminReport, .severedRelationships, .moderationWarning, .quote, .quotedUpdate, .annualReport,
    ]

    public var rawValue: String {
        switch self {
        case .mention: "mention"
        case .reblog: "reblog"
        case .favourite: "favourite"
        case .follow: "follow"
        case .followRequest: "follow_request"
        case .poll: "poll"
        case .status: "status"
        case .update: "update"
        case .adminSignUp: "admin.sign_up"
        case .adminReport: "admin.report"
        case .severedRelationships: "severed_relationships"
        case .moderationWarning: "moderation_warning"
        case .quote: "quote"
        case .quotedUpdate: "quoted_update"
        case .annualReport: "annual_report"
        case .unknown(let raw): raw
        }
    }
}

/// Something that happened to the user.
public struct MicroblogNotification: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var kind: NotificationKind
    public var createdAt: Date
    /// Who did it.
    public var account: Account
    /// The post it concerns, if any.
    public var post: Post?
    /// What a report, a severance, a moderation warning or an annual report is about.
    public var details: NotificationDetails?
    /// Mastodon's `group_key` (4.3+): notifications with the same key are told as one; `ungrouped-<id>` for
    /// the kinds never grouped; nil when the server sends none (then Parla makes one, ``NotificationGrouping``).
    public var groupKey: String?
    /// The notifications told as one with this one (the most recent), when there are others or the server
    /// grouped them (`/api/v2/notifications`).
    public var group: NotificationGroup?

    public init(
        id: String, kind: NotificationKind, createdAt: Date, account: Account, post: Post? = nil, details: NotificationDetails? = nil,
        groupKey: String? = nil, group: NotificationGroup? = nil
    ) {
        self.id = id
        self.kind = kind
        self.createdAt = createdAt
        self.account = account
        self.post = post
        self.details = details
        self.groupKey = groupKey
        self.group = group
    }
}

/// How the user and another account relate.
public struct Relationship: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var following: Bool
    public var followedBy: Bool
    /// A follow request is waiting for approval.
    public var requested: Bool
    public var blocking: Bool
    public var blockedBy: Bool
    public var muting: Bool
    /// The mute hides their notifications too.
    public var mutingNotifications = false
    /// The user blocked their whole server.
    public var domainBlocking = false
    /// The user's private note on the account; empty when there is none.
    public var note = ""

    public init(
        id: String, following: Bool = false, followedBy: Bool = false, requested: Bool = false,
        blocking: Bool = false, blockedBy: Bool = false, muting: Bool = false
    ) {
        self.id = id
        self.following = following
        self.followedBy = followedBy
        self.requested = requested
        self.blocking = blocking
        self.blockedBy = blockedBy
        self.muting = muting
    }

    /// Whether a direct message makes sense: neither side blocks the other.
    public var allowsDirectMessage: Bool { !blocking && !blockedBy }
}

/// A post's place in a conversation.
public struct Thread: Codable, Hashable, Sendable {
    public var ancestors: [Post]
    public var post: Post
    public var descendants: [Post]

    public init(ancestors: [Post], post: Post, descendants: [Post]) {
        self.ancestors = ancestors
        self.post = post
        self.descendants = descendants
    }

    /// Every post in reading order.
    public var all: [Post] { ancestors + [post] + descendants }
}

/// A user's list of accounts.
public struct UserList: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

/// What a server allows; Parla's limits on compose come from here.
public struct InstanceInfo: Codable, Hashable, Sendable {
    /// The server's domain, such as `mastodon.social`.
    public var domain: String
    public var title: String
    public var version: String
    public var maxCharacters: Int
    public var maxMediaAttachments: Int
    public var maxPollOptions: Int
    /// Where streaming is served, when the server offers it.
    public var streamingURL: String?
    /// The file types the server takes (`image/jpeg`…); empty when it does not say.
    public var supportedMimeTypes: [String] = []
    /// The largest image file, in bytes.
    public var imageSizeLimit: Int = 16_777_216
    /// The largest audio or video file, in bytes.
    public var videoSizeLimit: Int = 103_809_024
    /// The longest media description, in characters.
    public var descriptionLimit: Int = 1_500
    /// The network the server belongs to; what it has is ``capabilities``.
    public var network: Network = .mastodon

    public init(
        domain: String, title: String, version: String, maxCharacters: Int = 500, maxMediaAttachments: Int = 4,
        maxPollOptions: Int = 4, streamingURL: String? = nil
    ) {
        self.domain = domain
        self.title = title
        self.version = version
        self.maxCharacters = maxCharacters
        self.maxMediaAttachments = maxMediaAttachments
        self.maxPollOptions = maxPollOptions
        self.streamingURL = streamingURL
    }
}

/// Results of a search.
public struct SearchResults: Codable, Hashable, Sendable {
    public var accounts: [Account]
    public var posts: [Post]
    public var hashtags: [String]

    public init(accounts: [Account] = [], posts: [Post] = [], hashtags: [String] = []) {
        self.accounts = accounts
        self.posts = posts
        self.hashtags = hashtags
    }
}

/// A saved reading position (Mastodon's markers).
public struct ReadMarker: Codable, Hashable, Sendable {
    /// The last post or notification read.
    public var lastReadId: String
    public var updatedAt: Date?
    public var version: Int?

    public init(lastReadId: String, updatedAt: Date? = nil, version: Int? = nil) {
        self.lastReadId = lastReadId
        self.updatedAt = updatedAt
        self.version = version
    }
}
