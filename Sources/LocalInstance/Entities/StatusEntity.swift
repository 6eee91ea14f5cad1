/// Mastodon's `Status`, as the server writes it.
public struct StatusEntity: Encodable, Sendable {
    /// Mastodon's `Status::Mention`.
    public struct Mention: Encodable, Sendable {
        public var id: String
        public var username: String
        public var url: String
        public var acct: String
    }

    /// Mastodon's `Status::Tag`.
    public struct Tag: Encodable, Sendable {
        public var name: String
        public var url: String
    }

    /// The posting application.
    public struct Application: Encodable, Sendable {
        public var name: String
        @NullEncoded public var website: String?
    }

    public var id: String
    public var uri: String
    public var url: String
    public var createdAt: String
    public var account: AccountEntity
    public var content: String
    public var visibility: String
    public var sensitive: Bool
    public var spoilerText: String
    public var mediaAttachments: [MediaAttachmentEntity]
    @NullEncoded public var application: Application?
    public var mentions: [Mention]
    public var tags: [Tag]
    public var emojis: [CustomEmojiEntity]
    public var reblogsCount: Int
    public var favouritesCount: Int
    public var repliesCount: Int
    @NullEncoded public var inReplyToId: String?
    @NullEncoded public var inReplyToAccountId: String?
    @NullEncoded public var reblog: StatusBox?
    @NullEncoded public var poll: PollEntity?
    @NullEncoded public var card: PreviewCardEntity?
    @NullEncoded public var language: String?
    @NullEncoded public var text: String?
    @NullEncoded public var editedAt: String?
    public var favourited: Bool
    public var reblogged: Bool
    public var muted: Bool
    public var bookmarked: Bool
    public var pinned: Bool
    /// The viewer's filters that matched, for the context of the request; empty for none (or no viewer).
    public var filtered: [FilterResultEntity]
    /// The status this one quotes (Mastodon 4.4+); null when it quotes none.
    @NullEncoded public var quote: QuoteEntity?
    /// Who may quote this status (Mastodon 4.5).
    public var quoteApproval: QuoteApprovalEntity
    /// How many statuses quote this one.
    public var quotesCount: Int
}

/// A boxed status, so a status can hold the one it boosts.
public final class StatusBox: Encodable, Sendable {
    /// The boosted status.
    public let status: StatusEntity

    init(_ status: StatusEntity) { self.status = status }

    public func encode(to encoder: any Encoder) throws { try status.encode(to: encoder) }
}
