/// Mastodon's `Tag`: as search returns it, and with its use (`history`) and `following` for the viewer.
public struct TagEntity: Encodable, Sendable {
    public var name: String
    public var url: String
    public var history: [TagHistoryEntity]
    public var following: Bool
}
