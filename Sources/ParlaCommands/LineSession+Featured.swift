import Foundation
import MicroblogKit
import ParlaBase

/// Who boosted or favourited a post, a hashtag's week, and the hashtags featured on the user's profile.
extension LineSession {
    /// Who boosted a post (`boosts`) or who favourited it, with the user's relationship to each.
    public func reactions(postId: String, boosts: Bool, limit: Int) async throws -> LineOutput {
        try account.capabilities.require(.reactionLists)
        let engine = try await openEngine()
        let accounts = try await collect(limit: max(1, limit), pageSize: 80) { page in
            boosts ? try await engine.boostedBy(postId: postId, page: page) : try await engine.favouritedBy(postId: postId, page: page)
        }
        let relationships = Dictionary(
            (accounts.isEmpty ? [] : try await engine.relationships(accountIds: accounts.map(\.id))).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        return LineOutput(
            paragraphs: accounts.map { formatter.paragraph($0, relationship: relationships[$0.id]) },
            json: formatter.json(accounts, relationships: relationships),
            empty: localizer.string(boosts ? "boosted-by.empty" : "favourited-by.empty"))
    }

    /// One hashtag: its use this week and whether the user follows it.
    public func hashtagInfo(_ name: String) async throws -> LineOutput {
        let tag = try await openEngine().hashtag(name: Self.bare(name))
        return LineOutput(paragraphs: [hashtagParagraph(tag)], json: LineFormatter.encode(HashtagJSON(tag)))
    }

    /// The hashtags featured on the user's profile.
    public func featuredHashtags() async throws -> LineOutput {
        try account.capabilities.require(.featuredHashtags)
        let tags = try await openEngine().featuredHashtags()
        return LineOutput(paragraphs: tags.map(featuredParagraph), json: LineFormatter.encode(tags.map(FeaturedHashtagJSON.init)),
                          empty: localizer.string("featured.empty"))
    }

    /// Features a hashtag on the user's profile.
    public func featureHashtag(_ name: String) async throws -> LineOutput {
        try account.capabilities.require(.featuredHashtags)
        let tag = try await openEngine().featureHashtag(name: Self.bare(name))
        return .done(localizer.string("featured.done", ["tag": TextSafety.stripped(tag.name)]), json: LineFormatter.encode(FeaturedHashtagJSON(tag)))
    }

    /// Stops featuring a hashtag, named with or without `#`, or by its featured id.
    public func unfeatureHashtag(_ name: String) async throws -> LineOutput {
        try account.capabilities.require(.featuredHashtags)
        let engine = try await openEngine()
        let bare = Self.bare(name)
        let featured = try await engine.featuredHashtags()
        guard let tag = featured.first(where: { $0.name.lowercased() == bare.lowercased() }) ?? featured.first(where: { $0.id == name }) else {
            throw LineCommandError.notFeatured(tag: bare)
        }
        try await engine.unfeatureHashtag(id: tag.id)
        return .done(localizer.string("featured.undone", ["tag": TextSafety.stripped(tag.name)]), json: LineFormatter.encode(FeaturedHashtagJSON(tag)))
    }

    /// "#birds: 4 of your posts." 
    func featuredParagraph(_ tag: FeaturedHashtag) -> Paragraph {
        let text = localizer.string("featured.item", [
            "tag": TextSafety.stripped(tag.name), "posts": localizer.plural("featured.posts", count: tag.posts),
        ])
        return Paragraph(text: text, spoken: text, language: nil)
    }

    /// A hashtag's name without `#`.
    static func bare(_ name: String) -> String { name.hasPrefix("#") ? String(name.dropFirst()) : name }
}

struct FeaturedHashtagJSON: Encodable {
    var id: String
    var name: String
    var posts: Int

    init(_ tag: FeaturedHashtag) {
        id = TextSafety.stripped(tag.id)
        name = TextSafety.stripped(tag.name)
        posts = tag.posts
    }
}
