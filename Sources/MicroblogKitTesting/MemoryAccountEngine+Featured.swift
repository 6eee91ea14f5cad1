import Foundation
import MicroblogKit

/// Featured hashtags and who boosted or favourited a post, over the scripted service.
extension MemoryAccountEngine {

    public func featureHashtag(name: String) async throws -> FeaturedHashtag {
        record("feature #\(name)")
        return try await scripted.featureHashtag(name: name)
    }

    public func unfeatureHashtag(id: String) async throws {
        record("unfeature \(id)")
        try await scripted.unfeatureHashtag(id: id)
    }

    public func boostedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        record("boosted by \(postId)")
        return try await scripted.boostedBy(postId: postId, page: page)
    }

    public func favouritedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        record("favourited by \(postId)")
        return try await scripted.favouritedBy(postId: postId, page: page)
    }
}
