/// Mastodon's `Conversation`: a thread of direct messages.
public struct ConversationEntity: Encodable, Sendable {
    public var id: String
    public var unread: Bool
    public var accounts: [AccountEntity]
    @NullEncoded public var lastStatus: StatusEntity?
}
