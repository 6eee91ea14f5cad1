extension API.Filters {
    /// Changes a filter (form `title`, `context[]`, `filter_action`, `expires_in` (empty: never),
    /// `keywords_attributes[][keyword]`, `[whole_word]`, `[id]`, `[_destroy]`).
    public static let update = Endpoint<MastodonEntities.Filter>(.put, "/api/v2/filters/{id}")
    /// A filter's keywords.
    public static let keywords = Endpoint<[Lenient<MastodonEntities.Filter.Keyword>]>(.get, "/api/v2/filters/{id}/keywords")
    /// Adds a keyword to a filter (form `keyword`, `whole_word`).
    public static let addKeyword = Endpoint<MastodonEntities.Filter.Keyword>(.post, "/api/v2/filters/{id}/keywords")
    /// Removes one keyword (by the keyword's id).
    public static let removeKeyword = Endpoint<NoContent>(.delete, "/api/v2/filters/keywords/{id}")
}
