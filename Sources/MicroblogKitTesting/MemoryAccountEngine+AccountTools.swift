import Foundation
import MicroblogKit

/// Lists, hashtags, the profile, notes and trends over the scripted service, as the engine has them; pins
/// change the cached posts (`postUpdated`, as the engine tells the screens).
extension MemoryAccountEngine {
    public func createList(title: String) async throws -> UserList {
        record("create list \(title)")
        return try await scripted.createList(title: title)
    }

    public func renameList(id: String, title: String) async throws -> UserList {
        record("rename list \(id) \(title)")
        return try await scripted.renameList(id: id, title: title)
    }

    public func deleteList(id: String) async throws {
        record("delete list \(id)")
        try await scripted.deleteList(id: id)
    }

    public func setListMembership(_ member: Bool, listId: String, accountIds: [String]) async throws {
        record("\(member ? "add" : "remove") \(accountIds.joined(separator: ",")) list \(listId)")
        try await scripted.setListMembership(member, listId: listId, accountIds: accountIds)
    }

    public func setHashtagFollowed(_ followed: Bool, name: String) async throws -> Hashtag {
        record("\(followed ? "follow" : "unfollow") #\(name)")
        return try await scripted.setHashtagFollowed(followed, name: name)
    }

    public func updateProfile(_ edit: ProfileEdit) async throws -> Account {
        record("update profile \(edit.displayName)")
        return try await scripted.updateProfile(edit)
    }

    public func setPinned(_ pinned: Bool, postId: String) async throws -> Post {
        record("pin \(postId) \(pinned)")
        return try await change(postId) { $0.pinned = pinned }
    }

    public func pinnedPosts(accountId: String) async throws -> [Post] {
        lock.withLock {
            var seen = Set<String>()
            return timelines.keys.sorted().flatMap { current($0) }.filter {
                $0.pinned == true && $0.account.id == accountId && seen.insert($0.id).inserted
            }
        }
    }

    public func setNote(_ note: String, accountId: String) async throws -> Relationship {
        record("note \(accountId) \(note)")
        var relationship = lock.withLock { relationships[accountId] } ?? unknownRelationship(accountId)
        relationship.note = try await scripted.setNote(note, accountId: accountId).note
        let kept = relationship
        lock.withLock { relationships[accountId] = kept }
        return kept
    }
}
