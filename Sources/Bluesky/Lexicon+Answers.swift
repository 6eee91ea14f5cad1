import Foundation

extension Lexicon {
    /// One notification (`app.bsky.notification.listNotifications#notification`).
    struct Notification: Decodable, Hashable, Sendable {
        var uri: String
        var cid: String?
        var author: Profile
        var reason: String
        var reasonSubject: String?
        var record: PostRecord
        var isRead: Bool?
        var indexedAt: String
        var labels: [Label]?
    }

    /// The answer of `app.bsky.notification.listNotifications`.
    struct NotificationsPage: Decodable, Sendable {
        var cursor: String?
        var notifications: [Notification]
        var seenAt: String?
    }

    /// One like (`app.bsky.feed.getLikes#like`).
    struct Like: Decodable, Sendable {
        var actor: Profile
    }

    /// The answer of `app.bsky.feed.getLikes`.
    struct LikesPage: Decodable, Sendable {
        var cursor: String?
        var likes: [Like]
    }

    /// A page of accounts, whatever the call names its list (`repostedBy`, `followers`, `follows`,
    /// `actors`).
    struct ProfilesPage: Decodable, Sendable {
        var cursor: String?
        var profiles: [Profile]

        private enum Keys: String, CodingKey { case cursor, repostedBy, followers, follows, actors, blocks, mutes }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            cursor = try container.decodeIfPresent(String.self, forKey: .cursor)
            profiles = []
            for key in [Keys.repostedBy, .followers, .follows, .actors, .blocks, .mutes] where container.contains(key) {
                profiles = try container.decode([Profile].self, forKey: key)
                break
            }
        }
    }

    /// A list (`app.bsky.graph.defs#listView`).
    struct ListView: Decodable, Hashable, Sendable {
        var uri: String
        var name: String
        var purpose: String?
    }

    /// The answer of `app.bsky.graph.getLists`.
    struct ListsPage: Decodable, Sendable {
        var cursor: String?
        var lists: [ListView]
    }

    /// A custom feed (`app.bsky.feed.defs#generatorView`).
    struct GeneratorView: Decodable, Hashable, Sendable {
        var uri: String
        var displayName: String
    }

    /// The answer of `app.bsky.feed.getFeedGenerators`.
    struct GeneratorsAnswer: Decodable, Sendable {
        var feeds: [GeneratorView]
    }

    /// The user's preferences (`app.bsky.actor.getPreferences`): only the saved feeds are read.
    struct Preferences: Decodable, Sendable {
        /// A saved feed, list or timeline (`app.bsky.actor.defs#savedFeed`).
        struct SavedFeed: Decodable, Hashable, Sendable {
            var type: String
            var value: String
            var pinned: Bool?
        }

        var savedFeeds: [SavedFeed]

        private enum Keys: String, CodingKey { case preferences }
        private struct Item: Decodable {
            var type: String?
            var items: [SavedFeed]?
            var pinned: [String]?
            var saved: [String]?
            enum CodingKeys: String, CodingKey { case type = "$type", items, pinned, saved }
        }

        init(from decoder: any Decoder) throws {
            let items = try decoder.container(keyedBy: Keys.self).decode([Item].self, forKey: .preferences)
            if let v2 = items.first(where: { $0.type == "app.bsky.actor.defs#savedFeedsPrefV2" }) {
                savedFeeds = v2.items ?? []
            } else if let v1 = items.first(where: { $0.type == "app.bsky.actor.defs#savedFeedsPref" }) {
                let pinned = v1.pinned ?? []
                let saved = pinned + (v1.saved ?? []).filter { !pinned.contains($0) }
                savedFeeds = saved.map { SavedFeed(type: $0.contains("/app.bsky.graph.list/") ? "list" : "feed", value: $0, pinned: pinned.contains($0)) }
            } else {
                savedFeeds = []
            }
        }
    }

    /// The answer of `com.atproto.repo.createRecord`.
    struct CreatedRecord: Decodable, Sendable {
        var uri: String
        var cid: String
    }

    /// An uploaded file (`com.atproto.repo.uploadBlob`), kept as the server wrote it to put in a record.
    struct BlobAnswer: Decodable, Sendable {
        var blob: XRPCValue
    }

    /// The answer of `com.atproto.identity.resolveHandle`.
    struct ResolvedHandle: Decodable, Sendable {
        var did: String
    }

    /// An XRPC error body: `{"error": "ExpiredToken", "message": "…"}`.
    struct ErrorBody: Decodable, Sendable {
        var error: String?
        var message: String?
    }
}
