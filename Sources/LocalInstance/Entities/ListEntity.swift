/// Mastodon's `List`.
public struct ListEntity: Encodable, Sendable {
    public var id: String
    public var title: String
    public var repliesPolicy: String
    public var exclusive: Bool
}
