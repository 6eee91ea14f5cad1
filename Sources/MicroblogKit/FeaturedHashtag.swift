import Foundation

/// A hashtag featured on the user's profile, with how many of their posts use it.
public struct FeaturedHashtag: Codable, Hashable, Sendable, Identifiable {
    /// The server's id for the featuring (not the hashtag's name).
    public var id: String
    /// The name without `#`.
    public var name: String
    /// The user's posts with it.
    public var posts: Int

    public init(id: String, name: String, posts: Int = 0) {
        self.id = id
        self.name = name
        self.posts = posts
    }
}
