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
