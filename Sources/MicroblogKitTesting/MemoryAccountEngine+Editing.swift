import Foundation
import MicroblogKit

/// Editing the user's posts, as the engine does it: the cached post changes and the screens are told;
/// the versions are kept by the scripted service (``ScriptedService/keepVersions(before:after:)``).
extension MemoryAccountEngine {
    public func edit(postId: String, text: String, spoilerText: String, language: String?, mediaDescriptions: [String: String]) async throws -> Post {
        let described = mediaDescriptions.keys.sorted().map { " media \($0): \(mediaDescriptions[$0] ?? "")" }.joined()
        record("edit \(postId) \(text)\(spoilerText.isEmpty ? "" : " cw \(spoilerText)")\(language.map { " lang \($0)" } ?? "")\(described)")
        let before = cachedPost(postId)
        let editedAt = now
        let after = try await change(postId) { post in
            post.content = .plain(text)
            post.spoilerText = spoilerText
            if let language { post.language = language }
            for index in post.media.indices {
                if let description = mediaDescriptions[post.media[index].id] { post.media[index].description = description }
            }
            post.editedAt = editedAt
        }
        scripted.keepVersions(before: before ?? after, after: after)
        return after
    }

    public func source(postId: String) async throws -> PostSource {
        record("source \(postId)")
        guard let post = cachedPost(postId) else { throw MicroblogError.notFound }
        return PostSource(text: post.content.source, spoilerText: post.spoilerText)
    }

    public func history(postId: String) async throws -> [PostVersion] {
        record("history \(postId)")
        if let versions = scripted.keptVersions(postId) { return versions }
        guard let post = cachedPost(postId) else { throw MicroblogError.notFound }
        return [PostVersion(createdAt: post.createdAt, content: post.content, spoilerText: post.spoilerText)]
    }

    /// The cached post of that id, in any timeline.
    func cachedPost(_ id: String) -> Post? {
        lock.withLock { Array(timelines.keys).flatMap { current($0) }.first { $0.id == id } }
    }
}
