import Foundation

/// A post to publish.
public struct NewPost: Codable, Hashable, Sendable {
    public var text: String
    /// Content warning; empty for none.
    public var spoilerText: String
    public var visibility: Visibility
    /// ISO 639-1; nil lets the server guess.
    public var language: String?
    public var inReplyToId: String?
    /// Poll options; empty for no poll.
    public var pollOptions: [String]
    /// How long the poll runs, in seconds.
    public var pollExpiresIn: Int
    public var pollMultiple: Bool
    /// Sent as `Idempotency-Key`, so a retried send makes one post.
    public var idempotencyKey: String
    /// Files to attach, uploaded before the post is sent.
    public var attachments: [NewAttachment] = []
    /// When the server should publish it; nil for now.
    public var scheduledAt: Date?

    public init(
        text: String, spoilerText: String = "", visibility: Visibility = .public, language: String? = nil,
        inReplyToId: String? = nil, pollOptions: [String] = [], pollExpiresIn: Int = 86_400, pollMultiple: Bool = false,
        idempotencyKey: String = UUID().uuidString
    ) {
        self.text = text
        self.spoilerText = spoilerText
        self.visibility = visibility
        self.language = language
        self.inReplyToId = inReplyToId
        self.pollOptions = pollOptions
        self.pollExpiresIn = pollExpiresIn
        self.pollMultiple = pollMultiple
        self.idempotencyKey = idempotencyKey
    }
}

extension NewPost {
    private enum CodingKeys: String, CodingKey {
        case text, spoilerText, visibility, language, inReplyToId, pollOptions, pollExpiresIn, pollMultiple, idempotencyKey
        case attachments, scheduledAt
    }

    /// Reads a post as the outbox and drafts keep it (those kept before attachments existed have none).
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try values.decode(String.self, forKey: .text), spoilerText: try values.decode(String.self, forKey: .spoilerText),
            visibility: try values.decode(Visibility.self, forKey: .visibility),
            language: try values.decodeIfPresent(String.self, forKey: .language),
            inReplyToId: try values.decodeIfPresent(String.self, forKey: .inReplyToId),
            pollOptions: try values.decode([String].self, forKey: .pollOptions), pollExpiresIn: try values.decode(Int.self, forKey: .pollExpiresIn),
            pollMultiple: try values.decode(Bool.self, forKey: .pollMultiple), idempotencyKey: try values.decode(String.self, forKey: .idempotencyKey))
        attachments = try values.decodeIfPresent([NewAttachment].self, forKey: .attachments) ?? []
        scheduledAt = try values.decodeIfPresent(Date.self, forKey: .scheduledAt)
    }

    /// Whether an attachment has no description (sending it asks for confirmation first); a file the server
    /// kept whose description is not sent again keeps the one it has there.
    public var hasUndescribedMedia: Bool {
        attachments.contains { ($0.mediaId == nil || $0.redescribe) && $0.description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }
}
