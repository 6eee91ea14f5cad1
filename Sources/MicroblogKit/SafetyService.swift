import Foundation

/// How long a mute lasts.
public enum MuteDuration: Hashable, Sendable, Codable, CaseIterable {
    case forever, oneHour, oneDay, sevenDays

    /// The seconds the server is sent (`duration`); 0 for a mute without end.
    public var seconds: Int {
        switch self {
        case .forever: 0
        case .oneHour: 3_600
        case .oneDay: 86_400
        case .sevenDays: 604_800
        }
    }

    /// The duration written as line mode takes it: `1h`, `1d`, `7d`, `forever`.
    public var word: String {
        switch self {
        case .forever: "forever"
        case .oneHour: "1h"
        case .oneDay: "1d"
        case .sevenDays: "7d"
        }
    }

    /// The duration for `1h`, `1d`, `7d`, `forever` (or `0`); nil for anything else.
    public init?(word: String) {
        guard let match = Self.allCases.first(where: { $0.word == word.lowercased() }) else {
            if word == "0" { self = .forever; return }
            return nil
        }
        self = match
    }
}

/// Why an account is reported (Mastodon's report `category`).
public enum ReportReason: String, Hashable, Sendable, Codable, CaseIterable {
    case spam, legal, violation, other
}

/// A report to the server's moderators.
public struct NewReport: Hashable, Sendable, Codable {
    public var accountId: String
    public var reason: ReportReason
    /// The reported account's posts that show the problem.
    public var postIds: [String]
    public var comment: String

    public init(accountId: String, reason: ReportReason, postIds: [String] = [], comment: String = "") {
        self.accountId = accountId
        self.reason = reason
        self.postIds = postIds
        self.comment = comment
    }
}

/// An account the user muted, with when the mute ends (nil: when the user unmutes).
public struct MutedAccount: Hashable, Sendable, Codable, Identifiable {
    public var account: Account
    public var expiresAt: Date?
    public var id: String { account.id }

    public init(account: Account, expiresAt: Date? = nil) {
        self.account = account
        self.expiresAt = expiresAt
    }
}

/// The user's safety tools on a server: mutes, blocks, domain blocks, reports, follow requests and
/// muted conversations. Part of ``TimelineService``, and of ``AccountEngine``, which keeps its cache in step.
public protocol SafetyService: FilterService {
    /// Mutes (with or without notifications, for a while or for ever) or unmutes an account.
    func setMuted(_ muted: Bool, accountId: String, notifications: Bool, duration: MuteDuration) async throws -> Relationship
    /// Blocks or unblocks an account.
    func setBlocked(_ blocked: Bool, accountId: String) async throws -> Relationship
    /// The accounts the user muted, newest first.
    func mutes(page: PageRequest) async throws -> Page<MutedAccount>
    /// The accounts the user blocked, newest first.
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
    /// Stops or restarts notifications about a post's conversation; returns the post.
    func setConversationMuted(_ muted: Bool, postId: String) async throws -> Post
}
