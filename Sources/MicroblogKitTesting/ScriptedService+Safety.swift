import Foundation
import MicroblogKit

/// What the scripted server keeps of the user's safety tools, as Mastodon does: mutes with their end,
/// blocks, blocked domains, reports filed, follow requests waiting and muted conversations.
public struct ScriptedSafety: Sendable {
    /// Muted accounts: whether their notifications are muted too, and when the mute ends.
    public var mutes: [String: (notifications: Bool, until: Date?)] = [:]
    public var blocks: [String] = []
    public var domains: [String] = []
    public var reports: [NewReport] = []
    /// Accounts asking to follow the user, oldest first.
    public var requests: [Account] = []
    /// Accounts whose request was accepted: they follow the user.
    public var followers: Set<String> = []
    public var mutedConversations: Set<String> = []
    /// The user's keyword filters, oldest first.
    public var filters: [KeywordFilter] = []
    var nextFilterId = 1
    /// The time mutes are measured against.
    public var now: @Sendable () -> Date = { Date() }

    /// Whether a mute of `id` is in force now.
    func isMuted(_ id: String) -> Bool {
        guard let mute = mutes[id] else { return false }
        return mute.until.map { $0 > now() } ?? true
    }

    /// The relationship with `id` as the server would answer it.
    func relationship(_ id: String) -> Relationship {
        var relationship = Relationship(id: id, followedBy: followers.contains(id), blocking: blocks.contains(id), muting: isMuted(id))
        relationship.mutingNotifications = isMuted(id) && (mutes[id]?.notifications ?? false)
        return relationship
    }

    /// The posts of a timeline without those of muted or blocked accounts, where Mastodon leaves them out.
    func shown(_ posts: [Post], in kind: TimelineKind) -> [Post] {
        switch kind {
        case .user, .bookmarks, .favourites: return posts
        default:
            return posts.filter { post in
                ![post.account.id, post.reblog?.value.account.id].compactMap { $0 }.contains { blocks.contains($0) || isMuted($0) }
            }
        }
    }
}

extension ScriptedService {
    /// Accounts that ask to follow the user.
    public func addFollowRequests(_ accounts: [Account]) { lock.withLock { safety.requests += accounts } }

    /// The clock mutes with a duration are measured against.
    public func setSafetyClock(_ now: @escaping @Sendable () -> Date) { lock.withLock { safety.now = now } }

    /// What the user muted, blocked, reported and accepted, as the server keeps it.
    public var safetyState: ScriptedSafety { lock.withLock { safety } }

    public func setMuted(_ muted: Bool, accountId: String, notifications: Bool, duration: MuteDuration) async throws -> Relationship {
        try record(.other(muted ? "mute" : "unmute"))
        return lock.withLock {
            if muted {
                let until = duration.seconds > 0 ? safety.now().addingTimeInterval(TimeInterval(duration.seconds)) : nil
                safety.mutes[accountId] = (notifications, until)
            } else {
                safety.mutes[accountId] = nil
            }
            return safety.relationship(accountId)
        }
    }

    public func setBlocked(_ blocked: Bool, accountId: String) async throws -> Relationship {
        try record(.other(blocked ? "block" : "unblock"))
        return lock.withLock {
            safety.blocks.removeAll { $0 == accountId }
            if blocked {
                safety.blocks.append(accountId)
                safety.followers.remove(accountId)
                safety.requests.removeAll { $0.id == accountId }
            }
            return safety.relationship(accountId)
        }
    }

    public func mutes(page: PageRequest) async throws -> Page<MutedAccount> {
        try record(.other("mutes"))
        return lock.withLock {
            Page(items: safety.mutes.keys.sorted().filter { safety.isMuted($0) }.map { id in
                MutedAccount(account: knownAccount(id), expiresAt: safety.mutes[id]?.until)
            })
        }
    }

    public func blocks(page: PageRequest) async throws -> Page<Account> {
        try record(.other("blocks"))
        return lock.withLock { Page(items: safety.blocks.reversed().map { knownAccount($0) }) }
    }

    public func domainBlocks() async throws -> [String] {
        try record(.other("domainBlocks"))
        return lock.withLock { safety.domains }
    }

    public func setDomainBlocked(_ blocked: Bool, domain: String) async throws {
        try record(.other(blocked ? "blockDomain" : "unblockDomain"))
        lock.withLock {
            safety.domains.removeAll { $0 == domain.lowercased() }
            if blocked { safety.domains.append(domain.lowercased()) }
        }
    }

    public func report(_ report: NewReport) async throws -> String {
        try record(.other("report"))
        return lock.withLock {
            safety.reports.append(report)
            return String(safety.reports.count)
        }
    }

    public func followRequests(page: PageRequest) async throws -> Page<Account> {
        try record(.other("followRequests"))
        return lock.withLock { Page(items: safety.requests) }
    }

    public func answerFollowRequest(accountId: String, accept: Bool) async throws -> Relationship {
        try record(.other(accept ? "authorize" : "reject"))
        return try lock.withLock {
            guard safety.requests.contains(where: { $0.id == accountId }) else { throw MicroblogError.notFound }
            safety.requests.removeAll { $0.id == accountId }
            if accept { safety.followers.insert(accountId) }
            return safety.relationship(accountId)
        }
    }

    public func setConversationMuted(_ muted: Bool, postId: String) async throws -> Post {
        var post = try await post(id: postId)
        try record(.other(muted ? "muteConversation" : "unmuteConversation"))
        lock.withLock {
            if muted { safety.mutedConversations.insert(postId) } else { safety.mutedConversations.remove(postId) }
        }
        post.muted = muted
        return post
    }

    /// An account by id from those added, or a fixture for an id never added (called with `lock` held).
    private func knownAccount(_ id: String) -> Account {
        accounts[id] ?? safety.requests.first { $0.id == id } ?? Fixtures.account(id)
    }
}

extension ScriptedService {
    public func filters() async throws -> [KeywordFilter] {
        try record(.other("filters"))
        return lock.withLock { safety.filters.filter { $0.expiresAt.map { $0 > safety.now() } ?? true } }
    }

    public func saveFilter(_ draft: FilterDraft, id: String?) async throws -> KeywordFilter {
        try record(.other(id == nil ? "createFilter" : "updateFilter"))
        return try lock.withLock {
            var filter: KeywordFilter
            if let id {
                guard let existing = safety.filters.first(where: { $0.id == id }) else { throw MicroblogError.notFound }
                filter = existing
            } else {
                guard let title = draft.title, !title.isEmpty, let contexts = draft.contexts, !contexts.isEmpty else {
                    throw MicroblogError.rejected(status: 422, message: "Title can't be blank")
                }
                filter = KeywordFilter(id: "f\(safety.nextFilterId)", title: title, contexts: contexts, action: .warn)
                safety.nextFilterId += 1
            }
            if let title = draft.title { filter.title = title }
            if let contexts = draft.contexts { filter.contexts = contexts }
            if let action = draft.action { filter.action = action }
            if let expiresIn = draft.expiresIn { filter.expiresAt = expiresIn.map { safety.now().addingTimeInterval(TimeInterval($0)) } }
            filter.keywords.removeAll { draft.removeKeywordIds.contains($0.id) }
            for keyword in draft.addKeywords {
                filter.keywords.append(KeywordFilter.Keyword(id: "k\(safety.nextFilterId)", text: keyword, wholeWord: draft.wholeWord))
                safety.nextFilterId += 1
            }
            safety.filters.removeAll { $0.id == filter.id }
            safety.filters.append(filter)
            return filter
        }
    }

    public func deleteFilter(id: String) async throws {
        try record(.other("deleteFilter"))
        try lock.withLock {
            guard safety.filters.contains(where: { $0.id == id }) else { throw MicroblogError.notFound }
            safety.filters.removeAll { $0.id == id }
        }
    }
}
