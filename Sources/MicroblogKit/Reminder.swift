import Foundation

/// "Remind me about this post": said with an earcon when it is due, kept across restarts.
public struct Reminder: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var postId: String
    /// When to say it.
    public var dueAt: Date
    /// The author's handle (`ana` or `ana@server`), to say whose post it is.
    public var author: String
    /// The start of the post's text, as plain text.
    public var excerpt: String

    public init(id: String = UUID().uuidString, postId: String, dueAt: Date, author: String, excerpt: String) {
        self.id = id
        self.postId = postId
        self.dueAt = dueAt
        self.author = author
        self.excerpt = excerpt
    }
}
