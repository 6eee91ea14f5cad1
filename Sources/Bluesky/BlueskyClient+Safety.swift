import Foundation
import MicroblogKit

extension BlueskyClient {
    /// Follows or blocks (a record naming the account), or deletes that record: the one the account's view
    /// named, looked up when this client has not seen it.
    private func toggle(
        _ on: Bool, accountId: String, collection: String, existing: WritableKeyPath<ViewerRecords.AccountRecords, String?>
    ) async throws -> Relationship {
        let profile = try await profile(accountId)
        var relationship = profile.relationship
        let current = records.account(profile.did)?[keyPath: existing]
        if on, current == nil {
            let created = try await createRecord(collection, ["subject": .string(profile.did)])
            records.update(account: profile.did) { $0[keyPath: existing] = created.uri }
        } else if !on, let current {
            try await deleteRecord(current)
            records.update(account: profile.did) { $0[keyPath: existing] = nil }
        }
        if collection == "app.bsky.graph.follow" { relationship.following = on } else { relationship.blocking = on }
        return relationship
    }

    public func setFollowing(_ following: Bool, accountId: String) async throws -> Relationship {
        try await toggle(following, accountId: accountId, collection: "app.bsky.graph.follow", existing: \.follow)
    }

    public func setBlocked(_ blocked: Bool, accountId: String) async throws -> Relationship {
        try await toggle(blocked, accountId: accountId, collection: "app.bsky.graph.block", existing: \.block)
    }

    /// Mutes or unmutes (`app.bsky.graph.muteActor`); Bluesky's mutes are private, have no end and always
    /// cover notifications, so a mute for a while is said as not offered.
    public func setMuted(_ muted: Bool, accountId: String, notifications: Bool, duration: MuteDuration) async throws -> Relationship {
        if muted, duration != .forever { throw MicroblogError.notSupported(feature: "timed-mutes") }
        try await perform(muted ? "app.bsky.graph.muteActor" : "app.bsky.graph.unmuteActor", ["actor": accountId])
        var relationship = try await profile(accountId).relationship
        relationship.muting = muted
        relationship.mutingNotifications = muted
        return relationship
    }

    /// Mutes or unmutes the thread a post belongs to (`app.bsky.graph.muteThread`, by its root).
    public func setConversationMuted(_ muted: Bool, postId: String) async throws -> Post {
        let view = try await postView(postId)
        let root = view.record.reply?.root.uri ?? view.uri
        try await perform(muted ? "app.bsky.graph.muteThread" : "app.bsky.graph.unmuteThread", ["root": root])
        var post = view.post(records)
        post.muted = muted
        return post
    }

    public func mutes(page: PageRequest) async throws -> Page<MutedAccount> {
        let accounts = try await accounts("app.bsky.graph.getMutes", [], page: page)
        return Page(items: accounts.items.map { MutedAccount(account: $0) }, older: accounts.older)
    }

    public func blocks(page: PageRequest) async throws -> Page<Account> {
        try await accounts("app.bsky.graph.getBlocks", [], page: page)
    }

    /// Reports an account, or the first of the posts named, to the moderators
    /// (`com.atproto.moderation.createReport`); returns the report's number.
    public func report(_ report: NewReport) async throws -> String {
        struct Answer: Decodable { var id: Int }
        let reason: String
        switch report.reason {
        case .spam: reason = "com.atproto.moderation.defs#reasonSpam"
        case .violation: reason = "com.atproto.moderation.defs#reasonViolation"
        case .legal, .other: reason = "com.atproto.moderation.defs#reasonOther"
        }
        let subject: XRPCValue
        if let postId = report.postIds.first {
            let view = try await postView(postId)
            subject = .object(["$type": .string("com.atproto.repo.strongRef"), "uri": .string(view.uri), "cid": .string(view.cid)])
        } else {
            subject = .object(["$type": .string("com.atproto.admin.defs#repoRef"), "did": .string(report.accountId)])
        }
        var body: [String: XRPCValue] = ["reasonType": .string(reason), "subject": subject]
        if !report.comment.isEmpty { body["reason"] = .string(report.comment) }
        return String(try await post("com.atproto.moderation.createReport", body, as: Answer.self).id)
    }
}
