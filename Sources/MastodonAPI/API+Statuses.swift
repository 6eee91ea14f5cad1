extension API.Statuses {
    /// Publishes a post (form `status`, `visibility`, `spoiler_text`, `language`, `in_reply_to_id`, `poll[…]`).
    public static let publish = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses")
    /// One post.
    public static let status = Endpoint<MastodonEntities.Status>(.get, "/api/v1/statuses/{id}")
    /// Edits one of the user's posts (form `status`, `spoiler_text`, `sensitive`, `language`); answers the post as
    /// it now is, with `edited_at`.
    public static let edit = Endpoint<MastodonEntities.Status>(.put, "/api/v1/statuses/{id}")
    /// Every version of a post, oldest first (the last is the current one).
    public static let history = Endpoint<[Lenient<MastodonEntities.StatusEdit>]>(.get, "/api/v1/statuses/{id}/history")
    /// The plain text a post was written in, for editing it.
    public static let source = Endpoint<MastodonEntities.StatusSource>(.get, "/api/v1/statuses/{id}/source")
    /// Deletes one of the user's posts; answers the deleted post.
    public static let delete = Endpoint<MastodonEntities.Status>(.delete, "/api/v1/statuses/{id}")
    /// A post's ancestors and replies.
    public static let context = Endpoint<MastodonEntities.Context>(.get, "/api/v1/statuses/{id}/context")
    /// Boosts a post; answers the boost, which wraps the post.
    public static let reblog = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/reblog")
    public static let unreblog = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/unreblog")
    public static let favourite = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/favourite")
    public static let unfavourite = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/unfavourite")
    public static let bookmark = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/bookmark")
    public static let unbookmark = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/unbookmark")
    /// Who favourited a post.
    public static let favouritedBy = Endpoint<[Lenient<MastodonEntities.Account>]>(.get, "/api/v1/statuses/{id}/favourited_by")
    /// Who boosted a post.
    public static let rebloggedBy = Endpoint<[Lenient<MastodonEntities.Account>]>(.get, "/api/v1/statuses/{id}/reblogged_by")
}

extension API.Polls {
    /// One poll as it is now.
    public static let poll = Endpoint<MastodonEntities.Poll>(.get, "/api/v1/polls/{id}")
    /// Votes (form `choices[]`, option indexes).
    public static let vote = Endpoint<MastodonEntities.Poll>(.post, "/api/v1/polls/{id}/votes")
}
