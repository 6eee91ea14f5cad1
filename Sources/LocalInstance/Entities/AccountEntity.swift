/// Mastodon's `Account`, as the server writes it.
public struct AccountEntity: Encodable, Sendable {
    /// Mastodon's `Field` (profile metadata).
    public struct Field: Encodable, Sendable {
        public var name: String
        public var value: String
        @NullEncoded public var verifiedAt: String?
    }

    /// The `source` block of `verify_credentials`.
    public struct Source: Encodable, Sendable {
        public var privacy: String
        public var sensitive: Bool
        public var language: String
        public var note: String
        public var fields: [Field]
        public var followRequestsCount: Int
    }

    public var id: String
    public var username: String
    public var acct: String
    public var displayName: String
    public var locked: Bool
    public var bot: Bool
    public var discoverable: Bool
    public var group: Bool
    public var createdAt: String
    public var note: String
    public var url: String
    public var uri: String
    public var avatar: String
    public var avatarStatic: String
    public var header: String
    public var headerStatic: String
    public var followersCount: Int
    public var followingCount: Int
    public var statusesCount: Int
    @NullEncoded public var lastStatusAt: String?
    public var emojis: [CustomEmojiEntity]
    public var fields: [Field]
    public var source: Source?
}
