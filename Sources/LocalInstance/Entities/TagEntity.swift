/// Mastodon's `Tag` as search returns it.
public struct TagEntity: Encodable, Sendable {
    public var name: String
    public var url: String
    public var history: [String]
    public var following: Bool
}
