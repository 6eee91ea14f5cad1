import Foundation
import MicroblogKit
import Testing

/// A network's service writes only the calls of what its network has: the calls of a feature it lacks are
/// answered for it with `notSupported` naming the feature (this double, which writes none of them, compiles).
@Suite struct TimelineServiceUnavailableTests {
    /// A service of a network without polls, edits, filters, lists to change, trends or scheduling: it writes
    /// only the calls every network has.
    struct CoreOnlyService: TimelineService {
        var capabilities: NetworkCapabilities { .bluesky }
    func instance() async throws -> InstanceInfo { throw MicroblogError.notFound }
    func currentAccount() async throws -> Account { throw MicroblogError.notFound }
    func timeline(_ kind: TimelineKind, page: PageRequest) async throws -> Page<Post> { throw MicroblogError.notFound }
    func pageRequest(olderThan postId: String, in kind: TimelineKind) -> PageRequest? { nil }
    func notificationsPageRequest(olderThan notificationId: String) -> PageRequest? { nil }
    func readPosition(_ id: String, isPast other: String) -> Bool { id != other }
    func notifications(page: PageRequest, kinds: Set<NotificationKind>?) async throws -> Page<MicroblogNotification> { throw MicroblogError.notFound }
    func post(id: String) async throws -> Post { throw MicroblogError.notFound }
    func thread(id: String) async throws -> MicroblogKit.Thread { throw MicroblogError.notFound }
    func publish(_ post: NewPost) async throws -> Post { throw MicroblogError.notFound }
    func delete(postId: String) async throws -> Post? { throw MicroblogError.notFound }
    func uploadMedia(_ file: MediaFile) async throws -> MediaAttachment { throw MicroblogError.notFound }
    func describeMedia(id: String, description: String) async throws -> MediaAttachment { throw MicroblogError.notFound }
    func setBoosted(_ boosted: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    func setFavourited(_ favourited: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    func account(id: String) async throws -> Account { throw MicroblogError.notFound }
    func lookup(acct: String) async throws -> Account { throw MicroblogError.notFound }
    func followers(accountId: String, page: PageRequest) async throws -> Page<Account> { throw MicroblogError.notFound }
    func following(accountId: String, page: PageRequest) async throws -> Page<Account> { throw MicroblogError.notFound }
    func relationships(accountIds: [String]) async throws -> [Relationship] { throw MicroblogError.notFound }
    func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship { throw MicroblogError.notFound }
    func lists() async throws -> [UserList] { throw MicroblogError.notFound }
    func search(_ request: SearchRequest) async throws -> SearchResults { throw MicroblogError.notFound }
    func markers() async throws -> [String: ReadMarker] { throw MicroblogError.notFound }
    func saveMarker(timeline: String, lastReadId: String) async throws { throw MicroblogError.notFound }
    func stream(_ kind: StreamKind) async throws -> AsyncThrowingStream<StreamEvent, any Error> { throw MicroblogError.notFound }
    func setMuted(_ muted: Bool, accountId: String, notifications: Bool, duration: MuteDuration) async throws -> Relationship { throw MicroblogError.notFound }
    func setBlocked(_ blocked: Bool, accountId: String) async throws -> Relationship { throw MicroblogError.notFound }
    func mutes(page: PageRequest) async throws -> Page<MutedAccount> { throw MicroblogError.notFound }
    func blocks(page: PageRequest) async throws -> Page<Account> { throw MicroblogError.notFound }
    func report(_ report: NewReport) async throws -> String { throw MicroblogError.notFound }
    func setConversationMuted(_ muted: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    func listAccounts(id: String) async throws -> [Account] { throw MicroblogError.notFound }
    func hashtag(name: String) async throws -> Hashtag { throw MicroblogError.notFound }
    func profileEdit() async throws -> ProfileEdit { throw MicroblogError.notFound }
    func updateProfile(_ edit: ProfileEdit) async throws -> Account { throw MicroblogError.notFound }
    func boostedBy(postId: String, page: PageRequest) async throws -> Page<Account> { throw MicroblogError.notFound }
    func favouritedBy(postId: String, page: PageRequest) async throws -> Page<Account> { throw MicroblogError.notFound }
    }

    @Test func callsOfFeaturesANetworkLacksNeedNotBeWrittenForIt() async {
        let service = CoreOnlyService()
        await #expect(throws: MicroblogError.notSupported(feature: "polls")) { try await service.vote(pollId: "1", choices: [0]) }
        await #expect(throws: MicroblogError.notSupported(feature: "edit")) { try await service.history(postId: "1") }
        await #expect(throws: MicroblogError.notSupported(feature: "keyword-filters")) { try await service.filters() }
        await #expect(throws: MicroblogError.notSupported(feature: "list-management")) { try await service.createList(title: "Poets") }
        await #expect(throws: MicroblogError.notSupported(feature: "scheduling")) { try await service.scheduledPosts() }
        await #expect(throws: MicroblogError.notSupported(feature: "trends")) { try await service.trendingLinks(limit: 5) }
    }
}
