import Foundation

/// The safety tools as the screens and line mode reach them through the engine (part of
/// ``AccountEngine``): each answers only after the server did; a mute or block takes the account's
/// posts out of the cached timelines at once (`postDeleted` for each).
public protocol SafetyEngine: FilterService {
    /// Mutes (with or without notifications, for a while or for ever) or unmutes; the relationship is remembered.
    func setMuted(_ muted: Bool, accountId: String, notifications: Bool, duration: MuteDuration) async throws -> Relationship
    /// Blocks or unblocks; the relationship is remembered.
    func setBlocked(_ blocked: Bool, accountId: String) async throws -> Relationship
    /// The accounts the user muted.
    func mutes(page: PageRequest) async throws -> Page<MutedAccount>
    /// The accounts the user blocked.
    func blocks(page: PageRequest) async throws -> Page<Account>
    /// The domains the user blocked.
    func domainBlocks() async throws -> [String]
    /// Blocks or unblocks a whole domain.
    func setDomainBlocked(_ blocked: Bool, domain: String) async throws
    /// Files a report; returns its id.
    func report(_ report: NewReport) async throws -> String
    /// Accounts asking to follow the user.
    func followRequests(page: PageRequest) async throws -> Page<Account>
    /// Accepts or rejects a follow request.
    func answerFollowRequest(accountId: String, accept: Bool) async throws -> Relationship
    /// Mutes or unmutes a post's conversation; the cached post is updated and `postUpdated` emitted.
    func setConversationMuted(_ muted: Bool, postId: String) async throws -> Post
}
