import Foundation
import MicroblogKit

extension Engine {
    public func setBoosted(_ boosted: Bool, postId: String) async throws -> Post {
        let post = try await reach { try await service.setBoosted(boosted, postId: postId) }
        updated(post.shown)
        return post
    }

    public func setFavourited(_ favourited: Bool, postId: String) async throws -> Post {
        let post = try await reach { try await service.setFavourited(favourited, postId: postId) }
        updated(post.shown)
        return post
    }

    public func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post {
        let post = try await reach { try await service.setBookmarked(bookmarked, postId: postId) }
        updated(post.shown)
        if !bookmarked { try? cache.removeEntry(postId: post.shown.id, from: TimelineKind.bookmarks.key) }
        return post
    }

    @discardableResult
    public func delete(postId: String) async throws -> Post? {
        let deleted = try await reach { try await service.delete(postId: postId) }
        try? cache.deletePost(id: postId)
        emit(.postDeleted(id: postId))
        return deleted
    }

    /// The conversation; cached copies of its posts are refreshed.
    public func thread(id: String) async throws -> MicroblogKit.Thread {
        let thread = try await reach { try await service.thread(id: id) }
        _ = try? cache.update(thread.all)
        return thread
    }

    public func vote(pollId: String, choices: [Int]) async throws -> Poll {
        let poll = try await reach { try await service.vote(pollId: pollId, choices: choices) }
        for post in (try? cache.update(poll)) ?? [] { emit(.postUpdated(post)) }
        return poll
    }

    public func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship {
        let relationship = try await reach { try await service.setFollowing(following, accountId: accountId) }
        relationships[accountId] = relationship
        return relationship
    }

    /// The relationship, from memory after the first call or a follow change.
    public func relationship(accountId: String) async throws -> Relationship {
        if let known = relationships[accountId] { return known }
        let fetched = try await reach { try await service.relationships(accountIds: [accountId]) }
        guard let relationship = fetched.first(where: { $0.id == accountId }) else { throw MicroblogError.notFound }
        relationships[accountId] = relationship
        return relationship
    }

    public func instance() async throws -> InstanceInfo {
        if let instanceInfo { return instanceInfo }
        let info = try await reach { try await service.instance() }
        instanceInfo = info
        return info
    }

    public func me() async throws -> Account {
        if let myAccount { return myAccount }
        let account = try await reach { try await service.currentAccount() }
        myAccount = account
        // Kept for the next start, which tells the user's own posts from others' before any call.
        try? cache.setOwnAccountId(account.id)
        return account
    }

    /// Stores a changed post and tells the screens.
    func updated(_ post: Post) {
        _ = try? cache.update(post)
        emit(.postUpdated(post))
    }
}
