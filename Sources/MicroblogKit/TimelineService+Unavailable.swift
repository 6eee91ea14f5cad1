import Foundation

/// The calls of a feature a network may lack, answered for every service that does not write them:
/// ``MicroblogError/notSupported(feature:)`` naming the feature. A network that has the feature implements
/// the call (Mastodon's client, the scripted double); one that lacks it (Bluesky's polls) writes nothing,
/// and its ``TimelineService/capabilities`` say so, so that the screens and line mode never ask.
extension TimelineService {
    private func unavailable<T>(_ feature: NetworkCapabilities.Feature) throws -> T {
        throw MicroblogError.notSupported(feature: feature.rawValue)
    }

    /// The error for a timeline the network does not have (a custom feed on Mastodon), naming what it lacks:
    /// a network's `timeline(_:page:)` answers every kind it has not got with it, so a new kind of timeline
    /// touches only the networks that have it.
    public func unavailable(reading kind: TimelineKind) -> MicroblogError {
        switch NetworkCapabilities.need(reading: kind) {
        case .feature(let feature)?: .notSupported(feature: feature.rawValue)
        case .visibility(let visibility)?: .notSupported(feature: visibility.rawValue)
        case nil: .notSupported(feature: kind.key)
        }
    }

    // MARK: Writing

    public func edit(postId: String, text: String, spoilerText: String, language: String?, mediaDescriptions: [String: String]) async throws -> Post {
        try unavailable(.edit)
    }
    public func source(postId: String) async throws -> PostSource { try unavailable(.edit) }
    public func history(postId: String) async throws -> [PostVersion] { try unavailable(.edit) }
    public func schedule(_ post: NewPost) async throws -> ScheduledPost { try unavailable(.scheduling) }
    public func scheduledPosts() async throws -> [ScheduledPost] { try unavailable(.scheduling) }
    public func cancelScheduled(id: String) async throws { try unavailable(.scheduling) as Void }
    public func vote(pollId: String, choices: [Int]) async throws -> Poll { try unavailable(.polls) }
    public func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post { try unavailable(.bookmarks) }

    // MARK: Safety

    public func filters() async throws -> [KeywordFilter] { try unavailable(.keywordFilters) }
    public func saveFilter(_ draft: FilterDraft, id: String?) async throws -> KeywordFilter { try unavailable(.keywordFilters) }
    public func deleteFilter(id: String) async throws { try unavailable(.keywordFilters) as Void }
    public func domainBlocks() async throws -> [String] { try unavailable(.domainBlocks) }
    public func setDomainBlocked(_ blocked: Bool, domain: String) async throws { try unavailable(.domainBlocks) as Void }
    public func followRequests(page: PageRequest) async throws -> Page<Account> { try unavailable(.followRequests) }
    public func answerFollowRequest(accountId: String, accept: Bool) async throws -> Relationship { try unavailable(.followRequests) }

    // MARK: Account tools

    public func createList(title: String) async throws -> UserList { try unavailable(.listManagement) }
    public func renameList(id: String, title: String) async throws -> UserList { try unavailable(.listManagement) }
    public func deleteList(id: String) async throws { try unavailable(.listManagement) as Void }
    public func setListMembership(_ member: Bool, listId: String, accountIds: [String]) async throws { try unavailable(.listManagement) as Void }
    public func lists(containing accountId: String) async throws -> [UserList] { try unavailable(.listManagement) }
    public func followedHashtags() async throws -> [Hashtag] { try unavailable(.followedHashtags) }
    public func setHashtagFollowed(_ followed: Bool, name: String) async throws -> Hashtag { try unavailable(.followedHashtags) }
    public func setPinned(_ pinned: Bool, postId: String) async throws -> Post { try unavailable(.pinnedPosts) }
    public func pinnedPosts(accountId: String) async throws -> [Post] { try unavailable(.pinnedPosts) }
    public func setNote(_ note: String, accountId: String) async throws -> Relationship { try unavailable(.accountNotes) }
    public func trendingPosts(limit: Int) async throws -> [Post] { try unavailable(.trends) }
    public func trendingHashtags(limit: Int) async throws -> [Hashtag] { try unavailable(.trends) }
    public func trendingLinks(limit: Int) async throws -> [LinkCard] { try unavailable(.trends) }
    public func featuredHashtags() async throws -> [FeaturedHashtag] { try unavailable(.featuredHashtags) }
    public func featureHashtag(name: String) async throws -> FeaturedHashtag { try unavailable(.featuredHashtags) }
    public func unfeatureHashtag(id: String) async throws { try unavailable(.featuredHashtags) as Void }
    public func hashtag(name: String) async throws -> Hashtag { try unavailable(.followedHashtags) }
    public func customFeeds() async throws -> [CustomFeed] { try unavailable(.customFeeds) }
    /// Where direct messages are posts (Mastodon's direct visibility) they are published as posts, not sent here.
    public func sendDirectMessage(_ text: String, toAccountId accountId: String) async throws -> DirectMessage {
        try unavailable(.directMessages)
    }
    public func listAccounts(id: String) async throws -> [Account] { try unavailable(.listManagement) }
    public func profileEdit() async throws -> ProfileEdit { try unavailable(.profileFields) }
    public func updateProfile(_ edit: ProfileEdit) async throws -> Account { try unavailable(.profileFields) }
    /// A network without a stream to clients: the caller polls, paced by the budget.
    public func stream(_ kind: StreamKind) async throws -> AsyncThrowingStream<StreamEvent, any Error> { try unavailable(.streaming) }
}
