/// Mastodon's `Relationship` between the viewer and another account.
public struct RelationshipEntity: Encodable, Sendable {
    public var id: String
    public var following: Bool
    public var showingReblogs: Bool
    public var notifying: Bool
    @NullEncoded public var languages: [String]?
    public var followedBy: Bool
    public var blocking: Bool
    public var blockedBy: Bool
    public var muting: Bool
    public var mutingNotifications: Bool
    public var requested: Bool
    public var requestedBy: Bool
    public var domainBlocking: Bool
    public var endorsed: Bool
    public var note: String
}
