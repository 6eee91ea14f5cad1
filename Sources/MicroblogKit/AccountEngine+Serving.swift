import Foundation

/// The engine's calls that only reach the server and keep nothing, written once for every engine: each
/// runs the service's call of the same name through ``AccountEngine/serve(_:)`` (the engine says offline
/// or online by its outcome). A new call of that kind is written once per network and once here; an
/// engine that does more for a call (keeps what came, tells the screens) implements it itself.
extension AccountEngine {
    // MARK: Reading

    public func notificationsPage(_ page: PageRequest) async throws -> Page<MicroblogNotification> {
        try await serve { try await $0.notifications(page: page, kinds: nil) }
    }
    public func account(id: String) async throws -> Account { try await serve { try await $0.account(id: id) } }
    public func lookup(acct: String) async throws -> Account { try await serve { try await $0.lookup(acct: acct) } }
    public func followers(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await serve { try await $0.followers(accountId: accountId, page: page) }
    }
    public func following(accountId: String, page: PageRequest) async throws -> Page<Account> {
        try await serve { try await $0.following(accountId: accountId, page: page) }
    }
    public func lists() async throws -> [UserList] { try await serve { try await $0.lists() } }
    /// The timelines the user keeps on the server, as far as the network has them: the lists, and the saved
    /// custom feeds. Feeds that cannot be read now leave the lists offered.
    public func savedTimelines() async throws -> SavedTimelines {
        let capabilities = self.capabilities
        async let feeds = capabilities.has(.customFeeds) ? ((try? await customFeeds()) ?? []) : []
        let lists = capabilities.has(.lists) ? try await lists() : []
        return SavedTimelines(lists: lists, feeds: await feeds)
    }
    public func search(_ request: SearchRequest) async throws -> SearchResults { try await serve { try await $0.search(request) } }

    // MARK: Writing

    public func scheduledPosts() async throws -> [ScheduledPost] { try await serve { try await $0.scheduledPosts() } }
    public func cancelScheduled(id: String) async throws { try await serve { try await $0.cancelScheduled(id: id) } }
    public func source(postId: String) async throws -> PostSource { try await serve { try await $0.source(postId: postId) } }
    public func history(postId: String) async throws -> [PostVersion] { try await serve { try await $0.history(postId: postId) } }

    // MARK: Safety

    public func mutes(page: PageRequest) async throws -> Page<MutedAccount> { try await serve { try await $0.mutes(page: page) } }
    public func blocks(page: PageRequest) async throws -> Page<Account> { try await serve { try await $0.blocks(page: page) } }
    public func domainBlocks() async throws -> [String] { try await serve { try await $0.domainBlocks() } }
    public func setDomainBlocked(_ blocked: Bool, domain: String) async throws {
        try await serve { try await $0.setDomainBlocked(blocked, domain: domain) }
    }
    public func report(_ report: NewReport) async throws -> String { try await serve { try await $0.report(report) } }
    public func followRequests(page: PageRequest) async throws -> Page<Account> { try await serve { try await $0.followRequests(page: page) } }
    public func answerFollowRequest(accountId: String, accept: Bool) async throws -> Relationship {
        try await serve { try await $0.answerFollowRequest(accountId: accountId, accept: accept) }
    }
    public func filters() async throws -> [KeywordFilter] { try await serve { try await $0.filters() } }
    public func saveFilter(_ draft: FilterDraft, id: String?) async throws -> KeywordFilter {
        try await serve { try await $0.saveFilter(draft, id: id) }
    }
    public func deleteFilter(id: String) async throws { try await serve { try await $0.deleteFilter(id: id) } }

    // MARK: Account tools

    public func featuredHashtags() async throws -> [FeaturedHashtag] { try await serve { try await $0.featuredHashtags() } }
    public func featureHashtag(name: String) async throws -> FeaturedHashtag { try await serve { try await $0.featureHashtag(name: name) } }
    public func unfeatureHashtag(id: String) async throws { try await serve { try await $0.unfeatureHashtag(id: id) } }
    public func boostedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try await serve { try await $0.boostedBy(postId: postId, page: page) }
    }
    public func favouritedBy(postId: String, page: PageRequest) async throws -> Page<Account> {
        try await serve { try await $0.favouritedBy(postId: postId, page: page) }
    }
    public func createList(title: String) async throws -> UserList { try await serve { try await $0.createList(title: title) } }
    public func renameList(id: String, title: String) async throws -> UserList { try await serve { try await $0.renameList(id: id, title: title) } }
    public func deleteList(id: String) async throws { try await serve { try await $0.deleteList(id: id) } }
    public func listAccounts(id: String) async throws -> [Account] { try await serve { try await $0.listAccounts(id: id) } }
    public func setListMembership(_ member: Bool, listId: String, accountIds: [String]) async throws {
        try await serve { try await $0.setListMembership(member, listId: listId, accountIds: accountIds) }
    }
    public func lists(containing accountId: String) async throws -> [UserList] { try await serve { try await $0.lists(containing: accountId) } }
    public func hashtag(name: String) async throws -> Hashtag { try await serve { try await $0.hashtag(name: name) } }
    public func followedHashtags() async throws -> [Hashtag] { try await serve { try await $0.followedHashtags() } }
    public func customFeeds() async throws -> [CustomFeed] { try await serve { try await $0.customFeeds() } }
    public func sendDirectMessage(_ text: String, toAccountId accountId: String) async throws -> DirectMessage {
        try await serve { try await $0.sendDirectMessage(text, toAccountId: accountId) }
    }
    public func setHashtagFollowed(_ followed: Bool, name: String) async throws -> Hashtag {
        try await serve { try await $0.setHashtagFollowed(followed, name: name) }
    }
    public func profileEdit() async throws -> ProfileEdit { try await serve { try await $0.profileEdit() } }
    public func pinnedPosts(accountId: String) async throws -> [Post] { try await serve { try await $0.pinnedPosts(accountId: accountId) } }
    public func trendingPosts(limit: Int) async throws -> [Post] { try await serve { try await $0.trendingPosts(limit: limit) } }
    public func trendingHashtags(limit: Int) async throws -> [Hashtag] { try await serve { try await $0.trendingHashtags(limit: limit) } }
    public func trendingLinks(limit: Int) async throws -> [LinkCard] { try await serve { try await $0.trendingLinks(limit: limit) } }
}
