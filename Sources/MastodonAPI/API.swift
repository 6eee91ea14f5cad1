/// Every Mastodon endpoint Parla calls or the local instance serves, declared once.
///
/// Grouped as Mastodon's documentation groups them. Each is an ``Endpoint`` whose type parameter is what
/// the server answers; lists of entities are ``Lenient`` so that one bad item never fails a page.
public enum API {
    /// `/api/v1/accounts/…`.
    public enum Accounts {}
    /// `/api/v1/statuses/…`.
    public enum Statuses {}
    /// `/api/v1/polls/…`.
    public enum Polls {}
    /// `/api/v1/timelines/…`, favourites, bookmarks and direct conversations.
    public enum Timelines {}
    /// `/api/v1/notifications/…`.
    public enum Notifications {}
    /// `/api/v1/lists/…`.
    public enum Lists {}
    /// `/api/v2/filters/…`: the user's server filters.
    public enum Filters {}
    /// Read positions, search and the server's description.
    public enum Misc {}
    /// App registration and OAuth.
    public enum Apps {}
    /// Server-Sent Events.
    public enum Streaming {}
}
