/// Mastodon's `FeaturedTag`: a hashtag on a profile, with how many of the account's posts use it.
public struct FeaturedTagEntity: Encodable, Sendable {
    public var id: String
    public var name: String
    public var url: String
    public var statusesCount: Int
    /// The day of the account's latest post with it (`2026-11-24`), or null.
    @NullEncoded public var lastStatusAt: String?
}
