/// Mastodon's `Context`: the statuses above and below one in its thread, oldest first.
public struct ContextEntity: Encodable, Sendable {
    public var ancestors: [StatusEntity]
    public var descendants: [StatusEntity]
}
