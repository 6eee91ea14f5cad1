/// Mastodon's `Marker`: where the user stopped reading a timeline.
public struct MarkerEntity: Encodable, Sendable {
    public var lastReadId: String
    public var version: Int
    public var updatedAt: String
}
