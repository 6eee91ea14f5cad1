import Foundation
import MicroblogKit

/// Featured hashtags and who boosted or favourited a post: each reaches the server, nothing is kept.
extension Engine {
    public func featuredHashtags() async throws -> [FeaturedHashtag] { try await reach { try await service.featuredHashtags() } }

    public func featureHashtag(name: String) async throws -> FeaturedHashtag {
        try await reach { try await service.featureHashtag(name: name) }
    }

    public func unfeatureHashtag(id: String) async throws { try await reach { try await service.unfeatureHashtag(id: id) } }

    public func boostedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try await reach { try await service.boostedBy(postId: postId, page: page) }
    }

    public func favouritedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try await reach { try await service.favouritedBy(postId: postId, page: page) }
    }
}
