/// The preview of a link in a post (Mastodon's `PreviewCard`).
public struct LinkCard: Codable, Hashable, Sendable {
    public var url: String
    /// The page's title; may be empty.
    public var title: String
    /// The site's name ("The Guardian"); may be empty, then the address's domain is said.
    public var providerName: String

    public init(url: String, title: String, providerName: String = "") {
        self.url = url
        self.title = title
        self.providerName = providerName
    }
}
