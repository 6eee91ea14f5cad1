import Foundation

extension API {
    /// `/api/v1/tags/…` and `/api/v1/followed_tags`: hashtags the user follows.
    public enum Tags {}
    /// `/api/v1/trends/…`: what is being talked about on the server.
    public enum Trends {}
}

extension API.Tags {
    /// One hashtag, with whether the user follows it.
    public static let tag = Endpoint<MastodonEntities.Tag>(.get, "/api/v1/tags/{hashtag}")
    /// Follows a hashtag: its posts come into home.
    public static let follow = Endpoint<MastodonEntities.Tag>(.post, "/api/v1/tags/{hashtag}/follow")
    /// Stops following a hashtag.
    public static let unfollow = Endpoint<MastodonEntities.Tag>(.post, "/api/v1/tags/{hashtag}/unfollow")
    /// The hashtags the user follows (paged by `Link`).
    public static let followed = Endpoint<[Lenient<MastodonEntities.Tag>]>(.get, "/api/v1/followed_tags")
}

extension API.Trends {
    /// Posts being boosted and favourited (query `limit`, `offset`).
    public static let statuses = Endpoint<[Lenient<MastodonEntities.Status>]>(.get, "/api/v1/trends/statuses")
    /// Hashtags being used (query `limit`, `offset`).
    public static let tags = Endpoint<[Lenient<MastodonEntities.Tag>]>(.get, "/api/v1/trends/tags")
    /// Links being shared (query `limit`, `offset`).
    public static let links = Endpoint<[Lenient<MastodonEntities.PreviewCard>]>(.get, "/api/v1/trends/links")
}

extension API.Accounts {
    /// Changes the user's profile (form or multipart: `display_name`, `note`, `locked`,
    /// `fields_attributes[N][name]` and `[value]`, `bot`, `discoverable`, `source[privacy]`, …); answers the
    /// account with its `source`.
    public static let updateCredentials = Endpoint<MastodonEntities.Account>(.patch, "/api/v1/accounts/update_credentials")
    /// Sets the user's private note on an account (form `comment`; empty removes it); answers the relationship.
    public static let note = Endpoint<MastodonEntities.Relationship>(.post, "/api/v1/accounts/{id}/note")
}

extension API.Statuses {
    /// Pins one of the user's posts to their profile.
    public static let pin = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/pin")
    /// Unpins a post.
    public static let unpin = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/unpin")
}
