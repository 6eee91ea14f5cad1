/// Mastodon's `StatusEdit`: one version of a status, as `/history` lists them.
public struct StatusEditEntity: Encodable, Sendable {
    public var content: String
    public var spoilerText: String
    public var sensitive: Bool
    public var createdAt: String
    public var account: AccountEntity
    @NullEncoded public var poll: Poll?
    public var mediaAttachments: [MediaAttachmentEntity]
    public var emojis: [CustomEmojiEntity]

    /// The poll's options as they were in this version.
    public struct Poll: Encodable, Sendable {
        public var options: [Option]
        public struct Option: Encodable, Sendable { public var title: String }
    }
}

/// Mastodon's `StatusSource`: the plain text a status was written in.
public struct StatusSourceEntity: Encodable, Sendable {
    public var id: String
    public var text: String
    public var spoilerText: String
}
