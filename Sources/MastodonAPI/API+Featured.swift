import Foundation

extension API {
    /// `/api/v1/featured_tags`: hashtags shown on the user's profile.
    public enum FeaturedTags {}
}

extension API.FeaturedTags {
    /// The hashtags featured on the user's profile.
    public static let list = Endpoint<[Lenient<MastodonEntities.FeaturedTag>]>(.get, "/api/v1/featured_tags")
    /// Features a hashtag (form `name`, without `#`).
    public static let feature = Endpoint<MastodonEntities.FeaturedTag>(.post, "/api/v1/featured_tags")
    /// Stops featuring a hashtag, by the featured tag's id.
    public static let unfeature = Endpoint<NoContent>(.delete, "/api/v1/featured_tags/{id}")
}

extension API.Timelines {
    /// Public posts that share a link (query `url`; Mastodon 4.3, for trending links).
    public static let link = Endpoint<[Lenient<MastodonEntities.Status>]>(.get, "/api/v1/timelines/link")
}

extension MastodonEntities {
    /// Mastodon's `FeaturedTag`: a hashtag on the user's profile with how many of their posts use it.
    public struct FeaturedTag: Decodable {
        public var id: String?
        public var name: String?
        public var url: String?
        /// Posts of the user's with it (Mastodon sends a number, some versions text).
        public var statusesCount: Lenient<Int>?
        public var lastStatusAt: String?

        private enum CodingKeys: String, CodingKey {
            case id
            case name
            case url
            case statusesCount = "statuses_count"
            case lastStatusAt = "last_status_at"
        }
    }
}
