/// Mastodon's `ScheduledStatus`: a post the server publishes at `scheduled_at`.
public struct ScheduledStatusEntity: Encodable, Sendable {
    /// The parameters the post was made with, as Mastodon echoes them.
    public struct Params: Codable, Sendable {
        /// The poll of a scheduled post.
        public struct Poll: Codable, Sendable {
            public var options: [String]
            public var expiresIn: String
            public var multiple: Bool
        }

        public var text: String
        public var spoilerText: String?
        public var visibility: String
        public var language: String?
        public var sensitive: Bool
        public var inReplyToId: String?
        public var mediaIds: [String]?
        public var poll: Poll?
        public var scheduledAt: String?
        public var idempotency: String?
        public var applicationId: Int?
        public var withRateLimit: Bool
    }

    public var id: String
    public var scheduledAt: String
    public var params: Params
    public var mediaAttachments: [MediaAttachmentEntity]
}
