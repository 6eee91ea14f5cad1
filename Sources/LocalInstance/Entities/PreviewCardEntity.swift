/// Mastodon's `PreviewCard`: the preview of the first link in a status.
public struct PreviewCardEntity: Encodable, Sendable {
    public var url: String
    public var title: String
    public var description: String
    public var type: String
    public var authorName: String
    public var authorUrl: String
    public var providerName: String
    public var providerUrl: String
    public var html: String
    public var width: Int
    public var height: Int
    @NullEncoded public var image: String?
    public var imageDescription: String
    public var embedUrl: String
    @NullEncoded public var blurhash: String?
    @NullEncoded public var language: String?
    @NullEncoded public var publishedAt: String?
    public var authors: [String]
}
