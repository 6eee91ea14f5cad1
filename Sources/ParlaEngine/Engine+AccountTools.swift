import Foundation
import MicroblogKit

/// Lists, followed hashtags, the profile, pins, notes and trends: each reaches the server, and what the
/// engine keeps (the user's account, relationships, cached posts) follows the answer.
extension Engine {
    public func createList(title: String) async throws -> UserList { try await reach { try await service.createList(title: title) } }

    public func renameList(id: String, title: String) async throws -> UserList {
        try await reach { try await service.renameList(id: id, title: title) }
    }

    public func deleteList(id: String) async throws { try await reach { try await service.deleteList(id: id) } }

    public func listAccounts(id: String) async throws -> [Account] { try await reach { try await service.listAccounts(id: id) } }

    public func setListMembership(_ member: Bool, listId: String, accountIds: [String]) async throws {
        try await reach { try await service.setListMembership(member, listId: listId, accountIds: accountIds) }
    }

    public func lists(containing accountId: String) async throws -> [UserList] {
        try await reach { try await service.lists(containing: accountId) }
    }

    public func hashtag(name: String) async throws -> Hashtag { try await reach { try await service.hashtag(name: name) } }

    public func followedHashtags() async throws -> [Hashtag] { try await reach { try await service.followedHashtags() } }

    public func setHashtagFollowed(_ followed: Bool, name: String) async throws -> Hashtag {
        try await reach { try await service.setHashtagFollowed(followed, name: name) }
    }

    public func profileEdit() async throws -> ProfileEdit { try await reach { try await service.profileEdit() } }

    public func updateProfile(_ edit: ProfileEdit) async throws -> Account {
        let account = try await reach { try await service.updateProfile(edit) }
        myAccount = account
        return account
    }

    public func setPinned(_ pinned: Bool, postId: String) async throws -> Post {
        let post = try await reach { try await service.setPinned(pinned, postId: postId) }
        updated(post)
        return post
    }

    public func pinnedPosts(accountId: String) async throws -> [Post] { try await reach { try await service.pinnedPosts(accountId: accountId) } }

    public func setNote(_ note: String, accountId: String) async throws -> Relationship {
        let relationship = try await reach { try await service.setNote(note, accountId: accountId) }
        relationships[accountId] = relationship
        return relationship
    }

    public func trendingPosts(limit: Int) async throws -> [Post] { try await reach { try await service.trendingPosts(limit: limit) } }

    public func trendingHashtags(limit: Int) async throws -> [Hashtag] { try await reach { try await service.trendingHashtags(limit: limit) } }

    public func trendingLinks(limit: Int) async throws -> [LinkCard] { try await reach { try await service.trendingLinks(limit: limit) } }
}
