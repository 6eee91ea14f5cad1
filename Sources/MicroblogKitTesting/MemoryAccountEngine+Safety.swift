import Foundation
import MicroblogKit

/// The safety tools over the scripted service, as the engine has them: the service answers, the
/// relationship is remembered, and a mute or block takes the account's posts out of the cached
/// timelines at once (`postDeleted` for each, as the engine tells the screens).
extension MemoryAccountEngine {
    public func setMuted(_ muted: Bool, accountId: String, notifications: Bool, duration: MuteDuration) async throws -> Relationship {
        record("mute \(accountId) \(muted) \(notifications ? "with" : "without") notifications \(duration.word)")
        let relationship = try await scripted.setMuted(muted, accountId: accountId, notifications: notifications, duration: duration)
        lock.withLock { relationships[accountId] = relationship }
        if muted { silence(accountId) }
        return relationship
    }

    public func setBlocked(_ blocked: Bool, accountId: String) async throws -> Relationship {
        record("block \(accountId) \(blocked)")
        let relationship = try await scripted.setBlocked(blocked, accountId: accountId)
        lock.withLock { relationships[accountId] = relationship }
        if blocked { silence(accountId) }
        return relationship
    }

    public func setDomainBlocked(_ blocked: Bool, domain: String) async throws {
        record("domain block \(domain) \(blocked)")
        try await scripted.setDomainBlocked(blocked, domain: domain)
    }

    public func report(_ report: NewReport) async throws -> String {
        record("report \(report.accountId) \(report.reason.rawValue) posts \(report.postIds.joined(separator: ","))")
        return try await scripted.report(report)
    }

    public func answerFollowRequest(accountId: String, accept: Bool) async throws -> Relationship {
        record("\(accept ? "accept" : "reject") \(accountId)")
        return try await scripted.answerFollowRequest(accountId: accountId, accept: accept)
    }

    public func setConversationMuted(_ muted: Bool, postId: String) async throws -> Post {
        record("mute conversation \(postId) \(muted)")
        let post = try await scripted.setConversationMuted(muted, postId: postId)
        let changed = lock.withLock { () -> Post? in
            var found: Post?
            for key in Array(timelines.keys) {
                timelines[key] = current(key).map { cached in
                    guard cached.id == postId else { return cached }
                    var copy = cached
                    copy.muted = muted
                    found = copy
                    return copy
                }
            }
            return found
        }
        if tellsChanges { emit(.postUpdated(changed ?? post)) }
        return changed ?? post
    }

    /// Takes the account's posts and boosts of them out of every timeline but their own.
    private func silence(_ accountId: String) {
        let removed = lock.withLock { () -> [String] in
            var removed: [String] = []
            for key in Array(timelines.keys) where key != TimelineKind.user(accountId: accountId).key {
                timelines[key] = current(key).filter { post in
                    let silenced = post.account.id == accountId || post.reblog?.value.account.id == accountId
                    if silenced { removed.append(post.id) }
                    return !silenced
                }
            }
            return removed
        }
        guard tellsChanges else { return }
        var seen = Set<String>()
        for id in removed where seen.insert(id).inserted { emit(.postDeleted(id: id)) }
    }
}

extension MemoryAccountEngine {

    public func saveFilter(_ draft: FilterDraft, id: String?) async throws -> KeywordFilter {
        record("save filter \(id ?? "new")")
        return try await scripted.saveFilter(draft, id: id)
    }

    public func deleteFilter(id: String) async throws {
        record("delete filter \(id)")
        try await scripted.deleteFilter(id: id)
    }
}
