extension API.Misc {
    /// Saved read positions (query `timeline[]`), keyed by timeline.
    public static let markers = Endpoint<[String: MastodonEntities.Marker]>(.get, "/api/v1/markers")
    /// Saves read positions (form `home[last_read_id]`, `notifications[last_read_id]`).
    public static let saveMarkers = Endpoint<[String: MastodonEntities.Marker]>(.post, "/api/v1/markers")
    /// Accounts, posts and hashtags (query `q`, `resolve`, `limit`, `type`, `offset`).
    public static let search = Endpoint<MastodonEntities.SearchResults>(.get, "/api/v2/search")
    /// The server's own emoji, written `:shortcode:` in names and posts.
    public static let customEmojis = Endpoint<[Lenient<MastodonEntities.CustomEmoji>]>(.get, "/api/v1/custom_emojis")
    /// The server's description and limits (Mastodon 4.0 and later).
    public static let instance = Endpoint<MastodonEntities.InstanceV2>(.get, "/api/v2/instance")
    /// The server's description on servers older than 4.0.
    public static let instanceV1 = Endpoint<MastodonEntities.InstanceV1>(.get, "/api/v1/instance")
}

extension API.Apps {
    /// Registers an app (form `client_name`, `redirect_uris`, `scopes`).
    public static let register = Endpoint<MastodonEntities.AppRegistration>(.post, "/api/v1/apps")
    /// The page where the user approves an app (query `client_id`, `scope`, `redirect_uri`, `response_type`).
    public static let authorize = Endpoint<WebPage>(.get, "/oauth/authorize")
    /// The owner's approval of an app (form `client_id`, `scope`, `redirect_uri`, `approval`: the owner's
    /// token); answers with the code, or a redirect that carries it. Parla's local instance only.
    public static let approve = Endpoint<WebPage>(.post, "/oauth/authorize")
    /// Exchanges an authorisation code for a token.
    public static let token = Endpoint<MastodonEntities.Token>(.post, "/oauth/token")
    /// Revokes a token (form `token`, `client_id`, `client_secret`).
    public static let revoke = Endpoint<NoContent>(.post, "/oauth/revoke")
}

extension API.Streaming {
    /// A stream named by the query (`stream=user`, `public`, `public:local`, `user:notification`).
    public static let named = Endpoint<EventStream>(.get, "/api/v1/streaming")
    /// The user's home timeline and notifications.
    public static let user = Endpoint<EventStream>(.get, "/api/v1/streaming/user")
    /// Every public post the server knows.
    public static let publicAll = Endpoint<EventStream>(.get, "/api/v1/streaming/public")
    /// Public posts of this server.
    public static let publicLocal = Endpoint<EventStream>(.get, "/api/v1/streaming/public/local")
    /// Whether the streaming server is up (`OK`).
    public static let health = Endpoint<EventStream>(.get, "/api/v1/streaming/health")
}
