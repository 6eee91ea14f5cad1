import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    public func hashtag(name: String) async throws -> Hashtag {
        let (tag, _) = try await get(API.Tags.tag(hashtag: Self.tagPath(name)))
        return try Self.model(tag)
    }

    public func followedHashtags() async throws -> [Hashtag] {
        let (tags, _) = try await get(API.Tags.followed(query: [("limit", "200")]))
        return tags.decoded().compactMap { try? Self.model($0) }
    }

    public func setHashtagFollowed(_ followed: Bool, name: String) async throws -> Hashtag {
        try Self.model(try await call((followed ? API.Tags.follow : API.Tags.unfollow)(hashtag: Self.tagPath(name))))
    }

    public func profileEdit() async throws -> ProfileEdit {
        let (account, _) = try await get(API.Accounts.verifyCredentials())
        let source = account.source?.value
        return ProfileEdit(
            displayName: account.displayName ?? "", note: source?.note ?? "",
            fields: (source?.fields ?? []).decoded().map { ProfileField(name: $0.name ?? "", value: $0.value ?? "") },
            locked: account.locked ?? false)
    }

    public func updateProfile(_ edit: ProfileEdit) async throws -> Account {
        var form: Parameters = [("display_name", edit.displayName), ("note", edit.note), ("locked", edit.locked ? "true" : "false")]
        // Every place is sent, the empty ones empty, so a field taken away is gone on the server too.
        for index in 0..<ProfileEdit.maxFields {
            let field = index < edit.fields.count ? edit.fields[index] : ProfileField(name: "", value: "")
            form += [("fields_attributes[\(index)][name]", field.name), ("fields_attributes[\(index)][value]", field.value)]
        }
        return try Self.model(try await call(API.Accounts.updateCredentials(form: form)))
    }

    public func setPinned(_ pinned: Bool, postId: String) async throws -> Post {
        let status = try await call((pinned ? API.Statuses.pin : API.Statuses.unpin)(id: postId))
        guard var post = status.toModel() else { throw MicroblogError.malformedResponse(detail: "status without id") }
        post.pinned = status.pinned ?? pinned
        return post
    }

    public func pinnedPosts(accountId: String) async throws -> [Post] {
        let (items, _) = try await get(API.Accounts.statuses(id: accountId, query: [("pinned", "true")]))
        return items.decoded().compactMap { $0.toModel() }
    }

    public func setNote(_ note: String, accountId: String) async throws -> Relationship {
        try Self.model(try await call(API.Accounts.note(id: accountId, form: [("comment", note)])))
    }

    public func trendingPosts(limit: Int) async throws -> [Post] {
        let (items, _) = try await get(API.Trends.statuses(query: [("limit", String(limit))]))
        return items.decoded().compactMap { $0.toModel() }
    }

    public func trendingHashtags(limit: Int) async throws -> [Hashtag] {
        let (items, _) = try await get(API.Trends.tags(query: [("limit", String(limit))]))
        return items.decoded().compactMap { try? Self.model($0) }
    }

    public func trendingLinks(limit: Int) async throws -> [LinkCard] {
        let (items, _) = try await get(API.Trends.links(query: [("limit", String(limit))]))
        return items.decoded().compactMap { $0.toModel() }
    }

    /// A hashtag's name as its path takes it: without `#` (the template percent-encodes it).
    static func tagPath(_ name: String) -> String {
        name.hasPrefix("#") ? String(name.dropFirst()) : name
    }

    static func model(_ tag: MastodonEntities.Tag) throws -> Hashtag {
        guard let name = tag.name, !name.isEmpty else { throw MicroblogError.malformedResponse(detail: "tag without name") }
        let week = (tag.history ?? []).decoded()
        return Hashtag(
            name: name, following: tag.following ?? false, uses: week.reduce(0) { $0 + (Int($1.uses ?? "") ?? 0) },
            people: week.reduce(0) { $0 + (Int($1.accounts ?? "") ?? 0) })
    }
}
