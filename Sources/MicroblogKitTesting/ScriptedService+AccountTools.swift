import Foundation
import MicroblogKit

/// What the scripted server keeps of the rest of an account: list members, followed hashtags, the profile as
/// written, pinned posts, private notes and what it says is trending.
public struct ScriptedAccountTools: Sendable {
    /// Account ids on each list, in the order they were added.
    public var members: [String: [String]] = [:]
    /// Followed hashtags, in the order they were followed.
    public var followed: [String] = []
    public var profile = ProfileEdit(displayName: "", note: "")
    public var pinned: [String] = []
    public var notes: [String: String] = [:]
    public var trendingPosts: [Post] = []
    public var trendingHashtags: [Hashtag] = []
    public var trendingLinks: [LinkCard] = []
    /// Hashtags featured on the profile, in the order they were featured.
    public var featured: [FeaturedHashtag] = []
    /// Who boosted and who favourited each post, by its id.
    var reactions: [String: (boosted: [Account], favourited: [Account])] = [:]
    var nextListId = 100

    func withNote(_ relationship: Relationship) -> Relationship {
        var copy = relationship
        copy.note = notes[relationship.id] ?? ""
        return copy
    }

    func hashtag(_ name: String) -> Hashtag {
        Hashtag(name: name, following: followed.contains { $0.lowercased() == name.lowercased() })
    }
}

extension ScriptedService {
    /// What the user changed of lists, hashtags, profile, pins and notes, as the server keeps it.
    public var toolsState: ScriptedAccountTools { lock.withLock { tools } }

    /// Sets what the trends answer.
    public func setTrends(posts: [Post] = [], hashtags: [Hashtag] = [], links: [LinkCard] = []) {
        lock.withLock { (tools.trendingPosts, tools.trendingHashtags, tools.trendingLinks) = (posts, hashtags, links) }
    }

    /// Sets the profile as the user wrote it.
    public func setProfile(_ profile: ProfileEdit) { lock.withLock { tools.profile = profile } }

    public func createList(title: String) async throws -> UserList {
        try record(.other("create list"))
        return lock.withLock {
            tools.nextListId += 1
            let list = UserList(id: String(tools.nextListId), title: title)
            userLists.append(list)
            return list
        }
    }

    public func renameList(id: String, title: String) async throws -> UserList {
        try record(.other("rename list"))
        return try lock.withLock {
            guard let index = userLists.firstIndex(where: { $0.id == id }) else { throw MicroblogError.notFound }
            userLists[index].title = title
            return userLists[index]
        }
    }

    public func deleteList(id: String) async throws {
        try record(.other("delete list"))
        try lock.withLock {
            guard userLists.contains(where: { $0.id == id }) else { throw MicroblogError.notFound }
            userLists.removeAll { $0.id == id }
            tools.members[id] = nil
        }
    }

    public func listAccounts(id: String) async throws -> [Account] {
        try record(.other("list accounts"))
        return lock.withLock { (tools.members[id] ?? []).compactMap { accounts[$0] } }
    }

    public func setListMembership(_ member: Bool, listId: String, accountIds: [String]) async throws {
        try record(.other(member ? "add to list" : "remove from list"))
        lock.withLock {
            var ids = tools.members[listId] ?? []
            ids.removeAll { accountIds.contains($0) }
            if member { ids += accountIds }
            tools.members[listId] = ids
        }
    }

    public func lists(containing accountId: String) async throws -> [UserList] {
        try record(.other("lists of account"))
        return lock.withLock { userLists.filter { tools.members[$0.id]?.contains(accountId) ?? false } }
    }

    public func hashtag(name: String) async throws -> Hashtag {
        try record(.other("hashtag"))
        return lock.withLock { tools.hashtag(name) }
    }

    public func followedHashtags() async throws -> [Hashtag] {
        try record(.other("followed hashtags"))
        return lock.withLock { tools.followed.map { tools.hashtag($0) } }
    }

    public func setHashtagFollowed(_ followed: Bool, name: String) async throws -> Hashtag {
        try record(.other(followed ? "follow hashtag" : "unfollow hashtag"))
        return lock.withLock {
            tools.followed.removeAll { $0.lowercased() == name.lowercased() }
            if followed { tools.followed.append(name) }
            return tools.hashtag(name)
        }
    }

    public func profileEdit() async throws -> ProfileEdit {
        try record(.other("profile"))
        return lock.withLock { tools.profile }
    }

    public func updateProfile(_ edit: ProfileEdit) async throws -> Account {
        try record(.other("update profile"))
        guard edit.fields.count <= ProfileEdit.maxFields, edit.displayName.count <= ProfileEdit.maxDisplayName,
            edit.note.count <= ProfileEdit.maxNote
        else { throw MicroblogError.rejected(status: 422, message: "Validation failed") }
        return lock.withLock {
            tools.profile = edit
            user.displayName = edit.displayName
            user.note = .plain(edit.note)
            user.fields = edit.fields.map { AccountField(name: $0.name, value: .plain($0.value)) }
            user.locked = edit.locked
            return user
        }
    }

    public func setPinned(_ pinned: Bool, postId: String) async throws -> Post {
        var post = try await post(id: postId)
        try record(.other(pinned ? "pin" : "unpin"))
        lock.withLock {
            tools.pinned.removeAll { $0 == postId }
            if pinned { tools.pinned.insert(postId, at: 0) }
        }
        post.pinned = pinned
        return post
    }

    public func pinnedPosts(accountId: String) async throws -> [Post] {
        let ids = lock.withLock { tools.pinned }
        var posts: [Post] = []
        for id in ids {
            var post = try await post(id: id)
            guard post.account.id == accountId else { continue }
            post.pinned = true
            posts.append(post)
        }
        return posts
    }

    public func setNote(_ note: String, accountId: String) async throws -> Relationship {
        try record(.other("note"))
        return lock.withLock {
            tools.notes[accountId] = note.isEmpty ? nil : note
            return tools.withNote(safety.relationship(accountId))
        }
    }

    public func trendingPosts(limit: Int) async throws -> [Post] {
        try record(.other("trending posts"))
        return lock.withLock { Array(tools.trendingPosts.prefix(limit)) }
    }

    public func trendingHashtags(limit: Int) async throws -> [Hashtag] {
        try record(.other("trending hashtags"))
        return lock.withLock { Array(tools.trendingHashtags.prefix(limit)) }
    }

    public func trendingLinks(limit: Int) async throws -> [LinkCard] {
        try record(.other("trending links"))
        return lock.withLock { Array(tools.trendingLinks.prefix(limit)) }
    }
}
