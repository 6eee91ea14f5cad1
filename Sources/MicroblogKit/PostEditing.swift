/// Editing one of the user's own posts: its text as written, the change, and the versions the server
/// keeps. Part of ``AccountEngine`` (the screen's edit, redraft and history).
public protocol PostEditing: Sendable {
    /// Changes the text, content warning and language (nil: unchanged) of one of the user's posts, and
    /// the descriptions of its attachments (by attachment id; empty: unchanged); returns it as it now is.
    func edit(postId: String, text: String, spoilerText: String, language: String?, mediaDescriptions: [String: String]) async throws -> Post
    /// The plain text one of the user's posts was written in.
    func source(postId: String) async throws -> PostSource
    /// The versions of a post, oldest first (empty or one when it was never edited).
    func history(postId: String) async throws -> [PostVersion]
}
