import Foundation
import MicroblogKit

/// What Bluesky's network does not have: each call says so with ``MicroblogError/notSupported(feature:)``
/// and sends nothing. (Polls, editing, scheduling, keyword filters, domain blocks, followed and featured
/// hashtags, private notes, trends, and streaming: home and notifications are polled.)
extension BlueskyClient {
    public func vote(pollId: String, choices: [Int]) async throws -> Poll { throw MicroblogError.notSupported(feature: "polls") }
    public func schedule(_ post: NewPost) async throws -> ScheduledPost { throw MicroblogError.notSupported(feature: "scheduled posts") }
    public func scheduledPosts() async throws -> [ScheduledPost] { throw MicroblogError.notSupported(feature: "scheduled posts") }
    public func cancelScheduled(id: String) async throws { throw MicroblogError.notSupported(feature: "scheduled posts") }

    public func edit(postId: String, text: String, spoilerText: String, language: String?, mediaDescriptions: [String: String]) async throws -> Post {
        throw MicroblogError.notSupported(feature: "editing")
    }
    public func source(postId: String) async throws -> PostSource { throw MicroblogError.notSupported(feature: "editing") }
    public func history(postId: String) async throws -> [PostVersion] { throw MicroblogError.notSupported(feature: "editing") }

    public func filters() async throws -> [KeywordFilter] { throw MicroblogError.notSupported(feature: "keyword filters") }
    public func saveFilter(_ draft: FilterDraft, id: String?) async throws -> KeywordFilter {
        throw MicroblogError.notSupported(feature: "keyword filters")
    }
    public func deleteFilter(id: String) async throws { throw MicroblogError.notSupported(feature: "keyword filters") }

    public func domainBlocks() async throws -> [String] { throw MicroblogError.notSupported(feature: "domain blocks") }
    public func setDomainBlocked(_ blocked: Bool, domain: String) async throws { throw MicroblogError.notSupported(feature: "domain blocks") }
    /// Bluesky accounts are never locked: there are no follow requests.
    public func followRequests(page: PageRequest) async throws -> Page<Account> { Page(items: []) }
    public func answerFollowRequest(accountId: String, accept: Bool) async throws -> Relationship {
        throw MicroblogError.notSupported(feature: "follow requests")
    }

    public func createList(title: String) async throws -> UserList { throw MicroblogError.notSupported(feature: "list management") }
    public func renameList(id: String, title: String) async throws -> UserList { throw MicroblogError.notSupported(feature: "list management") }
    public func deleteList(id: String) async throws { throw MicroblogError.notSupported(feature: "list management") }
    public func listAccounts(id: String) async throws -> [Account] { throw MicroblogError.notSupported(feature: "list management") }
    public func setListMembership(_ member: Bool, listId: String, accountIds: [String]) async throws {
        throw MicroblogError.notSupported(feature: "list management")
    }
    public func lists(containing accountId: String) async throws -> [UserList] { throw MicroblogError.notSupported(feature: "list management") }

    public func hashtag(name: String) async throws -> Hashtag { throw MicroblogError.notSupported(feature: "followed hashtags") }
    public func followedHashtags() async throws -> [Hashtag] { throw MicroblogError.notSupported(feature: "followed hashtags") }
    public func setHashtagFollowed(_ followed: Bool, name: String) async throws -> Hashtag {
        throw MicroblogError.notSupported(feature: "followed hashtags")
    }

    public func profileEdit() async throws -> ProfileEdit { throw MicroblogError.notSupported(feature: "profile editing") }
    public func updateProfile(_ edit: ProfileEdit) async throws -> Account { throw MicroblogError.notSupported(feature: "profile editing") }
    public func setPinned(_ pinned: Bool, postId: String) async throws -> Post { throw MicroblogError.notSupported(feature: "pinned posts") }
    public func pinnedPosts(accountId: String) async throws -> [Post] { throw MicroblogError.notSupported(feature: "pinned posts") }
    public func setNote(_ note: String, accountId: String) async throws -> Relationship { throw MicroblogError.notSupported(feature: "private notes") }

    public func trendingPosts(limit: Int) async throws -> [Post] { throw MicroblogError.notSupported(feature: "trends") }
    public func trendingHashtags(limit: Int) async throws -> [Hashtag] { throw MicroblogError.notSupported(feature: "trends") }
    public func trendingLinks(limit: Int) async throws -> [LinkCard] { throw MicroblogError.notSupported(feature: "trends") }

    public func featuredHashtags() async throws -> [FeaturedHashtag] { throw MicroblogError.notSupported(feature: "featured hashtags") }
    public func featureHashtag(name: String) async throws -> FeaturedHashtag { throw MicroblogError.notSupported(feature: "featured hashtags") }
    public func unfeatureHashtag(id: String) async throws { throw MicroblogError.notSupported(feature: "featured hashtags") }

    /// Bluesky offers no stream to a client; the caller polls, paced by the budget.
    public func stream(_ kind: StreamKind) async throws -> AsyncThrowingStream<StreamEvent, any Error> {
        throw MicroblogError.notSupported(feature: "streaming")
    }
}
