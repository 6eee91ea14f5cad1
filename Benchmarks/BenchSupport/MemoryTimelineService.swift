import Foundation
import MicroblogKit

/// A timeline service with nothing behind it: the instance's limits and the user, everything else empty or refused.
///
/// Enough for the screens a benchmark opens; the posts come from ``MemoryAccountEngine``'s cache.
public final class MemoryTimelineService: TimelineService, @unchecked Sendable {
    public let me: Account

    public init(me: Account = Account(id: "me", acct: "me", username: "me", displayName: "Me Myself")) { self.me = me }

    public func instance() async throws -> InstanceInfo {
        InstanceInfo(domain: "bench.example", title: "Bench", version: "4.3.0", maxCharacters: 500, maxMediaAttachments: 4, maxPollOptions: 4)
    }
    public func currentAccount() async throws -> Account { me }
    public func timeline(_ kind: TimelineKind, page: PageRequest) async throws -> Page<Post> { Page(items: []) }
    public func notifications(page: PageRequest, kinds: Set<NotificationKind>?) async throws -> Page<MicroblogNotification> { Page(items: []) }
    public func post(id: String) async throws -> Post { throw MicroblogError.notFound }
    public func thread(id: String) async throws -> MicroblogKit.Thread { throw MicroblogError.notFound }
    public func publish(_ post: NewPost) async throws -> Post { throw MicroblogError.notSupported(feature: "publish") }
    public func delete(postId: String) async throws {}
    public func setBoosted(_ boosted: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    public func setFavourited(_ favourited: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    public func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post { throw MicroblogError.notFound }
    public func vote(pollId: String, choices: [Int]) async throws -> Poll { throw MicroblogError.notFound }
    public func account(id: String) async throws -> Account { throw MicroblogError.notFound }
    public func lookup(acct: String) async throws -> Account { throw MicroblogError.notFound }
    public func followers(accountId: String, page: PageRequest) async throws -> Page<Account> { Page(items: []) }
    public func following(accountId: String, page: PageRequest) async throws -> Page<Account> { Page(items: []) }
    public func relationships(accountIds: [String]) async throws -> [Relationship] { accountIds.map { Relationship(id: $0) } }
    public func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship { Relationship(id: accountId, following: following) }
    public func lists() async throws -> [UserList] { [] }
    public func search(_ query: String, limit: Int?) async throws -> SearchResults { SearchResults() }
    public func markers() async throws -> [String: ReadMarker] { [:] }
    public func saveMarker(timeline: String, lastReadId: String) async throws {}
    public func stream(_ kind: StreamKind) async throws -> AsyncThrowingStream<StreamEvent, any Error> {
        throw MicroblogError.notSupported(feature: "streaming")
    }
}
