extension API.Accounts {
    /// The signed-in user.
    public static let verifyCredentials = Endpoint<MastodonEntities.Account>(.get, "/api/v1/accounts/verify_credentials")
    /// One account by `acct` (query `acct`).
    public static let lookup = Endpoint<MastodonEntities.Account>(.get, "/api/v1/accounts/lookup")
    /// The user's relationships with accounts (query `id[]`, repeated).
    public static let relationships = Endpoint<[Lenient<MastodonEntities.Relationship>]>(.get, "/api/v1/accounts/relationships")
    /// Accounts whose name or handle matches (query `q`, `limit`).
    public static let search = Endpoint<[Lenient<MastodonEntities.Account>]>(.get, "/api/v1/accounts/search")
    /// One account by id.
    public static let account = Endpoint<MastodonEntities.Account>(.get, "/api/v1/accounts/{id}")
    /// An account's posts.
    public static let statuses = Endpoint<[Lenient<MastodonEntities.Status>]>(.get, "/api/v1/accounts/{id}/statuses")
    /// Who follows an account.
    public static let followers = Endpoint<[Lenient<MastodonEntities.Account>]>(.get, "/api/v1/accounts/{id}/followers")
    /// Whom an account follows.
    public static let following = Endpoint<[Lenient<MastodonEntities.Account>]>(.get, "/api/v1/accounts/{id}/following")
    /// Follows an account.
    public static let follow = Endpoint<MastodonEntities.Relationship>(.post, "/api/v1/accounts/{id}/follow")
    /// Unfollows an account.
    public static let unfollow = Endpoint<MastodonEntities.Relationship>(.post, "/api/v1/accounts/{id}/unfollow")
    /// The user's lists that hold an account.
    public static let lists = Endpoint<[Lenient<MastodonEntities.List>]>(.get, "/api/v1/accounts/{id}/lists")
}
