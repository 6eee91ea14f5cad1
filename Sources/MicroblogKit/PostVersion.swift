import Foundation

/// One version of an edited post, as the server keeps them (Mastodon's `StatusEdit`): the first is
/// the post as first written, the last is the post as it is now.
public struct PostVersion: Codable, Hashable, Sendable {
    /// When this version was written.
    public var createdAt: Date
    /// Its text.
    public var content: RichText
    /// Its content warning; empty for none.
    public var spoilerText: String

    public init(createdAt: Date, content: RichText, spoilerText: String = "") {
        self.createdAt = createdAt
        self.content = content
        self.spoilerText = spoilerText
    }
}
