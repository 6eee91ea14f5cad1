import Foundation
import MicroblogKit

/// Featured hashtags and who boosted or favourited a post, as the scripted server keeps them.
extension ScriptedService {
    /// Sets who boosted and who favourited a post.
    public func setReactions(postId: String, boostedBy: [Account] = [], favouritedBy: [Account] = []) {
        lock.withLock { tools.reactions[postId] = (boostedBy, favouritedBy) }
    }

    public func featuredHashtags() async throws -> [FeaturedHashtag] {
        try record(.other("featured tags"))
        return lock.withLock { tools.featured }
    }

    public func featureHashtag(name: String) async throws -> FeaturedHashtag {
        try record(.other("feature tag"))
        return lock.withLock {
            if let kept = tools.featured.first(where: { $0.name.lowercased() == name.lowercased() }) { return kept }
            tools.nextListId += 1
            let tag = FeaturedHashtag(id: String(tools.nextListId), name: name)
            tools.featured.append(tag)
            return tag
        }
    }

    public func unfeatureHashtag(id: String) async throws {
        try record(.other("unfeature tag"))
        try lock.withLock {
            guard tools.featured.contains(where: { $0.id == id }) else { throw MicroblogError.notFound }
            tools.featured.removeAll { $0.id == id }
        }
    }

    public func boostedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try record(.other("boosted by"))
        return Page(items: lock.withLock { tools.reactions[postId]?.boosted ?? [] })
    }

    public func favouritedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try record(.other("favourited by"))
        return Page(items: lock.withLock { tools.reactions[postId]?.favourited ?? [] })
    }
}
