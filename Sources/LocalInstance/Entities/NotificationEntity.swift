/// Mastodon's `Notification` (types: mention, reblog, favourite, follow, poll, status).
public struct NotificationEntity: Encodable, Sendable {
    public var id: String
    public var type: String
    public var createdAt: String
    public var groupKey: String
    public var account: AccountEntity
    @NullEncoded public var status: StatusEntity?
}
