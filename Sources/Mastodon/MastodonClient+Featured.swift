import Foundation
import MastodonAPI
import MicroblogKit

/// Hashtags featured on the user's profile (`/api/v1/featured_tags`).
extension MastodonClient {
    public func featuredHashtags() async throws -> [FeaturedHashtag] {
        try await call(API.FeaturedTags.list()).decoded().compactMap { try? Self.model($0) }
    }

    public func featureHashtag(name: String) async throws -> FeaturedHashtag {
        try Self.model(try await call(API.FeaturedTags.feature(form: [("name", Self.tagPath(name))])))
    }

    public func unfeatureHashtag(id: String) async throws {
        try await perform(API.FeaturedTags.unfeature(id: id))
    }

    static func model(_ tag: MastodonEntities.FeaturedTag) throws -> FeaturedHashtag {
        guard let id = tag.id, let name = tag.name else { throw MicroblogError.malformedResponse(detail: "featured tag without id or name") }
        return FeaturedHashtag(id: id, name: name, posts: tag.statusesCount?.value ?? 0)
    }
}
