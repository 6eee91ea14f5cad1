extension API.Timelines {
    /// The home timeline.
    public static let home = Endpoint<[Lenient<MastodonEntities.Status>]>(.get, "/api/v1/timelines/home")
    /// The public timeline (query `local=true` for this server only).
    public static let publicTimeline = Endpoint<[Lenient<MastodonEntities.Status>]>(.get, "/api/v1/timelines/public")
    /// Posts with a hashtag.
    public static let tag = Endpoint<[Lenient<MastodonEntities.Status>]>(.get, "/api/v1/timelines/tag/{hashtag}")
    /// The posts of a list's members.
    public static let list = Endpoint<[Lenient<MastodonEntities.Status>]>(.get, "/api/v1/timelines/list/{id}")
    /// The user's favourites.
    public static let favourites = Endpoint<[Lenient<MastodonEntities.Status>]>(.get, "/api/v1/favourites")
    /// The user's bookmarks.
    public static let bookmarks = Endpoint<[Lenient<MastodonEntities.Status>]>(.get, "/api/v1/bookmarks")
    /// Direct conversations.
    public static let conversations = Endpoint<[Lenient<MastodonEntities.Conversation>]>(.get, "/api/v1/conversations")
    /// Marks a conversation as read.
    public static let readConversation = Endpoint<MastodonEntities.Conversation>(.post, "/api/v1/conversations/{id}/read")

    /// Every timeline under `/api/v1/timelines/`, as a fault-plan pattern.
    public static let anyTimelinePattern = "/api/v1/timelines/*"
}

extension API.Notifications {
    /// Notifications (query `types[]` to keep some kinds).
    public static let all = Endpoint<[Lenient<MastodonEntities.Notification>]>(.get, "/api/v1/notifications")
    /// Notifications grouped as Mastodon 4.3+ groups them (query `grouped_types[]`, `types[]`, `exclude_types[]`,
    /// `max_id`, `since_id`, `min_id`, `limit`).
    public static let grouped = Endpoint<MastodonEntities.GroupedNotificationsResults>(.get, "/api/v2/notifications")
    /// One notification.
    public static let notification = Endpoint<MastodonEntities.Notification>(.get, "/api/v1/notifications/{id}")
    /// Dismisses every notification.
    public static let clear = Endpoint<NoContent>(.post, "/api/v1/notifications/clear")
    /// Dismisses one notification.
    public static let dismiss = Endpoint<NoContent>(.post, "/api/v1/notifications/{id}/dismiss")
}

extension API.Lists {
    /// The user's lists.
    public static let all = Endpoint<[Lenient<MastodonEntities.List>]>(.get, "/api/v1/lists")
    /// Creates a list (form `title`).
    public static let create = Endpoint<MastodonEntities.List>(.post, "/api/v1/lists")
    /// One list.
    public static let list = Endpoint<MastodonEntities.List>(.get, "/api/v1/lists/{id}")
    /// Renames a list (form `title`).
    public static let update = Endpoint<MastodonEntities.List>(.put, "/api/v1/lists/{id}")
    /// Deletes a list.
    public static let delete = Endpoint<NoContent>(.delete, "/api/v1/lists/{id}")
    /// The accounts on a list.
    public static let accounts = Endpoint<[Lenient<MastodonEntities.Account>]>(.get, "/api/v1/lists/{id}/accounts")
    /// Adds accounts to a list (form `account_ids[]`).
    public static let addAccounts = Endpoint<NoContent>(.post, "/api/v1/lists/{id}/accounts")
    /// Removes accounts from a list (form `account_ids[]`).
    public static let removeAccounts = Endpoint<NoContent>(.delete, "/api/v1/lists/{id}/accounts")
}

extension API.Filters {
    /// The user's filters, with their keywords.
    public static let all = Endpoint<[Lenient<MastodonEntities.Filter>]>(.get, "/api/v2/filters")
    /// One filter.
    public static let filter = Endpoint<MastodonEntities.Filter>(.get, "/api/v2/filters/{id}")
    /// Creates a filter (form `title`, `context[]`, `filter_action`, `expires_in`,
    /// `keywords_attributes[][keyword]`, `keywords_attributes[][whole_word]`).
    public static let create = Endpoint<MastodonEntities.Filter>(.post, "/api/v2/filters")
    /// Deletes a filter.
    public static let delete = Endpoint<NoContent>(.delete, "/api/v2/filters/{id}")
}
