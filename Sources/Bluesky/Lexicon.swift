import Foundation

/// The AT Protocol records and views Parla reads, as the lexicons (`app.bsky.*`, `com.atproto.*`) write
/// them. Only the fields Parla uses; every other field is ignored, and a union member Parla does not know
/// decodes as `unknown` rather than failing the page.
enum Lexicon {
    /// The `$type` of a union member.
    struct TypeTag: Decodable {
        var type: String?
        enum CodingKeys: String, CodingKey { case type = "$type" }
    }

    /// A record named by its address and content hash (`com.atproto.repo.strongRef`).
    struct StrongRef: Codable, Hashable, Sendable {
        var uri: String
        var cid: String
    }

    /// A label on a post or an account (`com.atproto.label.defs#label`).
    struct Label: Decodable, Hashable, Sendable {
        var src: String?
        var uri: String?
        var val: String
        var neg: Bool?
    }

    /// Labels the author put on their own record (`com.atproto.label.defs#selfLabels`).
    struct SelfLabels: Decodable, Hashable, Sendable {
        struct Value: Decodable, Hashable, Sendable { var val: String }
        var values: [Value]
    }

    /// An account (`app.bsky.actor.defs#profileViewBasic`, `#profileView`, `#profileViewDetailed`).
    struct Profile: Decodable, Hashable, Sendable {
        var did: String
        var handle: String
        var displayName: String?
        var description: String?
        var avatar: String?
        var followersCount: Int?
        var followsCount: Int?
        var postsCount: Int?
        var createdAt: String?
        var indexedAt: String?
        var viewer: ActorViewer?
        var labels: [Label]?
        /// The one post the account pinned to its profile.
        var pinnedPost: StrongRef?
    }

    /// What the user did to an account: the records that undo it (`app.bsky.actor.defs#viewerState`).
    struct ActorViewer: Decodable, Hashable, Sendable {
        var muted: Bool?
        var blockedBy: Bool?
        /// The user's block record.
        var blocking: String?
        /// The user's follow record.
        var following: String?
        /// The account's follow record of the user.
        var followedBy: String?
    }

    /// A range of a post's text with what it means (`app.bsky.richtext.facet`); byte offsets in UTF-8.
    struct Facet: Codable, Hashable, Sendable {
        struct Index: Codable, Hashable, Sendable {
            var byteStart: Int
            var byteEnd: Int
        }
        var index: Index
        var features: [Feature]
    }

    /// What a facet says about its range.
    enum Feature: Codable, Hashable, Sendable {
        case mention(did: String)
        case link(uri: String)
        case tag(String)
        case unknown

        private enum Keys: String, CodingKey { case type = "$type", did, uri, tag }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            switch try container.decodeIfPresent(String.self, forKey: .type) {
            case "app.bsky.richtext.facet#mention": self = .mention(did: try container.decode(String.self, forKey: .did))
            case "app.bsky.richtext.facet#link": self = .link(uri: try container.decode(String.self, forKey: .uri))
            case "app.bsky.richtext.facet#tag": self = .tag(try container.decode(String.self, forKey: .tag))
            default: self = .unknown
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            switch self {
            case .mention(let did):
                try container.encode("app.bsky.richtext.facet#mention", forKey: .type)
                try container.encode(did, forKey: .did)
            case .link(let uri):
                try container.encode("app.bsky.richtext.facet#link", forKey: .type)
                try container.encode(uri, forKey: .uri)
            case .tag(let tag):
                try container.encode("app.bsky.richtext.facet#tag", forKey: .type)
                try container.encode(tag, forKey: .tag)
            case .unknown: break
            }
        }
    }

    /// The reply references of a post record (`app.bsky.feed.post#replyRef`).
    struct ReplyRef: Codable, Hashable, Sendable {
        var root: StrongRef
        var parent: StrongRef
    }

    /// A post record (`app.bsky.feed.post`), or the loose record of a notification (a like or a follow
    /// has no text but a `subject`).
    struct PostRecord: Decodable, Hashable, Sendable {
        var text: String?
        var facets: [Facet]?
        var reply: ReplyRef?
        var langs: [String]?
        var labels: SelfLabels?
        var createdAt: String?
        /// What a like or repost is of (a strong reference), or whom a follow is of (a DID).
        var subjectURI: String?

        private enum Keys: String, CodingKey { case text, facets, reply, langs, labels, createdAt, subject }

        init(text: String, facets: [Facet]? = nil, reply: ReplyRef? = nil, langs: [String]? = nil, createdAt: String? = nil) {
            self.text = text
            self.facets = facets
            self.reply = reply
            self.langs = langs
            self.createdAt = createdAt
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            text = try? container.decodeIfPresent(String.self, forKey: .text)
            facets = try? container.decodeIfPresent([Facet].self, forKey: .facets)
            reply = try? container.decodeIfPresent(ReplyRef.self, forKey: .reply)
            langs = try? container.decodeIfPresent([String].self, forKey: .langs)
            labels = try? container.decodeIfPresent(SelfLabels.self, forKey: .labels)
            createdAt = try? container.decodeIfPresent(String.self, forKey: .createdAt)
            if let reference = try? container.decodeIfPresent(StrongRef.self, forKey: .subject) {
                subjectURI = reference.uri
            } else {
                subjectURI = try? container.decodeIfPresent(String.self, forKey: .subject)
            }
        }
    }

    /// What the user did to a post: the records that undo it (`app.bsky.feed.defs#viewerState`).
    struct PostViewer: Decodable, Hashable, Sendable {
        var like: String?
        var repost: String?
        var threadMuted: Bool?
        var bookmarked: Bool?
        var pinned: Bool?
    }

    /// A post as the AppView shows it (`app.bsky.feed.defs#postView`).
    struct PostView: Decodable, Hashable, Sendable {
        var uri: String
        var cid: String
        var author: Profile
        var record: PostRecord
        var embed: EmbedView?
        var replyCount: Int?
        var repostCount: Int?
        var likeCount: Int?
        var quoteCount: Int?
        var indexedAt: String?
        var viewer: PostViewer?
        var labels: [Label]?
    }

    /// A post in a list of posts that may be missing or hidden from the user.
    enum MaybePost: Decodable, Hashable, Sendable {
        case post(PostView)
        case notFound(uri: String)
        case blocked(uri: String)
        case unknown

        private struct Missing: Decodable { var uri: String? }

        init(from decoder: any Decoder) throws {
            let tag = try TypeTag(from: decoder).type
            switch tag {
            case "app.bsky.feed.defs#notFoundPost": self = .notFound(uri: (try? Missing(from: decoder))?.uri ?? "")
            case "app.bsky.feed.defs#blockedPost": self = .blocked(uri: (try? Missing(from: decoder))?.uri ?? "")
            case "app.bsky.feed.defs#postView", nil: self = (try? PostView(from: decoder)).map(MaybePost.post) ?? .unknown
            default: self = .unknown
            }
        }

        var post: PostView? {
            if case .post(let post) = self { return post }
            return nil
        }
    }

    /// Why a post stands in a feed: someone reposted it, or its author pinned it.
    enum Reason: Decodable, Hashable, Sendable {
        case repost(by: Profile, uri: String?, indexedAt: String?)
        case pin
        case unknown

        private struct Repost: Decodable {
            var by: Profile
            var uri: String?
            var indexedAt: String?
        }

        init(from decoder: any Decoder) throws {
            switch try TypeTag(from: decoder).type {
            case "app.bsky.feed.defs#reasonRepost":
                let repost = try Repost(from: decoder)
                self = .repost(by: repost.by, uri: repost.uri, indexedAt: repost.indexedAt)
            case "app.bsky.feed.defs#reasonPin": self = .pin
            default: self = .unknown
            }
        }
    }

    /// The posts a feed item replies to.
    struct FeedReply: Decodable, Hashable, Sendable {
        var root: MaybePost
        var parent: MaybePost
    }

    /// One item of a feed (`app.bsky.feed.defs#feedViewPost`).
    struct FeedItem: Decodable, Hashable, Sendable {
        var post: PostView
        var reply: FeedReply?
        var reason: Reason?
    }

    /// A page of a feed: home, a person's posts, a list, a custom feed.
    struct FeedPage: Decodable, Sendable {
        var cursor: String?
        var feed: [FeedItem]
    }

    /// A page of posts: search results, quotes, `getPosts`.
    struct PostsPage: Decodable, Sendable {
        var cursor: String?
        var posts: [PostView]
    }

    /// A thread around a post (`app.bsky.feed.defs#threadViewPost`), or a post missing from it.
    indirect enum ThreadNode: Decodable, Hashable, Sendable {
        case post(PostView, parent: ThreadNode?, replies: [ThreadNode])
        case notFound(uri: String)
        case blocked(uri: String)
        case unknown

        private enum Keys: String, CodingKey { case post, parent, replies, uri }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            switch try TypeTag(from: decoder).type {
            case "app.bsky.feed.defs#notFoundPost": self = .notFound(uri: (try? container.decode(String.self, forKey: .uri)) ?? "")
            case "app.bsky.feed.defs#blockedPost": self = .blocked(uri: (try? container.decode(String.self, forKey: .uri)) ?? "")
            case "app.bsky.feed.defs#threadViewPost", nil:
                let post = try container.decode(PostView.self, forKey: .post)
                let parent = try container.decodeIfPresent(ThreadNode.self, forKey: .parent)
                let replies = try container.decodeIfPresent([ThreadNode].self, forKey: .replies) ?? []
                self = .post(post, parent: parent, replies: replies)
            default: self = .unknown
            }
        }
    }

    /// The answer of `app.bsky.feed.getPostThread`.
    struct ThreadAnswer: Decodable, Sendable {
        var thread: ThreadNode
    }
}
