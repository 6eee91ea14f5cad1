import Foundation
import MicroblogKit

extension BlueskyClient {
    /// A page of accounts from a call that lists them.
    func accounts(_ nsid: String, _ parameters: [(String, String?)], page: PageRequest) async throws -> Page<Account> {
        let answer = try await get(nsid, parameters + [("limit", limit(page)), ("cursor", page.cursor)], as: Lexicon.ProfilesPage.self)
        for profile in answer.profiles { records.learn(account: profile.did, viewer: profile.viewer) }
        return Page(items: answer.profiles.map(\.account), older: older(answer.cursor, page))
    }

    /// One account's full view (`app.bsky.actor.getProfile`), by DID or handle.
    func profile(_ actor: String) async throws -> Lexicon.Profile {
        let profile = try await get("app.bsky.actor.getProfile", [("actor", actor)], as: Lexicon.Profile.self)
        records.learn(account: profile.did, viewer: profile.viewer)
        if profile.did == (await keeper.session).did { ownProfile.with { $0 = profile } }
        return profile
    }

    public func account(id: String) async throws -> Account {
        try await profile(id).account
    }

    /// One account by handle (`ana.bsky.social`, with or without `@`).
    public func lookup(acct: String) async throws -> Account {
        try await profile(acct.hasPrefix("@") ? String(acct.dropFirst()) : acct).account
    }

    public func followers(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts("app.bsky.graph.getFollowers", [("actor", accountId)], page: page)
    }

    public func following(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts("app.bsky.graph.getFollows", [("actor", accountId)], page: page)
    }

    /// The relationships, from the accounts' profiles (`app.bsky.actor.getProfiles`, 25 at a time).
    public func relationships(accountIds: [String]) async throws -> [Relationship] {
        struct Answer: Decodable { var profiles: [Lexicon.Profile] }
        var result: [Relationship] = []
        for start in stride(from: 0, to: accountIds.count, by: 25) {
            let chunk = accountIds[start..<min(start + 25, accountIds.count)]
            let answer = try await get("app.bsky.actor.getProfiles", chunk.map { ("actors", $0 as String?) }, as: Answer.self)
            for profile in answer.profiles {
                records.learn(account: profile.did, viewer: profile.viewer)
                result.append(profile.relationship)
            }
        }
        return result
    }

    /// The user's lists (`app.bsky.graph.getLists`): curated lists, whose feeds can be read; moderation
    /// lists are left out.
    public func lists() async throws -> [UserList] {
        var lists: [UserList] = []
        var cursor: String?
        repeat {
            let answer = try await get(
                "app.bsky.graph.getLists", [("actor", await me), ("limit", "100"), ("cursor", cursor)], as: Lexicon.ListsPage.self)
            lists += answer.lists.filter { $0.purpose != "app.bsky.graph.defs#modlist" }.map { UserList(id: $0.uri, title: $0.name) }
            cursor = answer.lists.isEmpty ? nil : answer.cursor
        } while cursor != nil && lists.count < 1_000
        return lists
    }

    /// Accounts and posts matching a query (`searchActors`, `searchPosts`); Bluesky has no hashtag search,
    /// so hashtags come back empty. The offset is a page number's worth of results, as a cursor.
    public func search(_ request: SearchRequest) async throws -> SearchResults {
        let page = PageRequest(cursor: request.offset > 0 ? String(request.offset) : nil, limit: request.limit)
        var results = SearchResults()
        if request.kind == nil || request.kind == .accounts {
            results.accounts = try await accounts("app.bsky.actor.searchActors", [("q", request.query)], page: page).items
        }
        if request.kind == nil || request.kind == .posts {
            results.posts = try await searchPosts(request.query, page: page).items
        }
        return results
    }

    public func boostedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try await accounts("app.bsky.feed.getRepostedBy", [("uri", postId)], page: page)
    }

    public func favouritedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        let answer = try await get(
            "app.bsky.feed.getLikes", [("uri", postId), ("limit", limit(page)), ("cursor", page.cursor)], as: Lexicon.LikesPage.self)
        return Page(items: answer.likes.map(\.actor.account), older: older(answer.cursor, page))
    }
}
