import Foundation
import MicroblogKit
import ParlaBase

/// Line mode's safety commands: mute, block, domain blocks, reports, follow requests and muted threads.
extension LineSession {
    /// Mutes a user (for a while or for ever, with or without their notifications) or unmutes them.
    public func mute(_ acct: String, _ muted: Bool, duration: MuteDuration = .forever, notifications: Bool = true) async throws -> LineOutput {
        let engine = try await openEngine()
        let user = try await lookup(acct)
        let relationship = try await engine.setMuted(muted, accountId: user.id, notifications: notifications, duration: duration)
        let handle = "@" + TextSafety.stripped(user.acct)
        let key = !muted ? "safety.done.unmute"
            : "safety.done.mute.\(duration.word == "forever" ? "forever" : "for")\(notifications ? "" : ".keep-notifications")"
        return .done(localizer.string(key, ["handle": handle, "duration": localizer.string("safety.duration.\(duration.word)")]),
                     json: formatter.json(user, relationship: relationship))
    }

    /// Blocks or unblocks a user.
    public func block(_ acct: String, _ blocked: Bool) async throws -> LineOutput {
        let engine = try await openEngine()
        let user = try await lookup(acct)
        let relationship = try await engine.setBlocked(blocked, accountId: user.id)
        return .done(localizer.string(blocked ? "safety.done.block" : "safety.done.unblock", ["handle": "@" + TextSafety.stripped(user.acct)]),
                     json: formatter.json(user, relationship: relationship))
    }

    /// The users muted (each with when the mute ends), or blocked.
    public func silenced(mutes: Bool, limit: Int) async throws -> LineOutput {
        let engine = try await openEngine()
        if mutes {
            let muted = try await collect(limit: max(1, limit), pageSize: 80) { try await engine.mutes(page: $0) }
            let paragraphs = muted.map { item -> Paragraph in
                let base = formatter.paragraph(item.account)
                let until = item.expiresAt.map { localizer.string("safety.muted-until", ["date": LineFormatter.date($0)]) }
                    ?? localizer.string("safety.muted-forever")
                return Paragraph(text: base.text + "\n" + until, spoken: base.spoken + " " + until, language: nil)
            }
            let json = muted.map { MutedJSON(account: formatter.accountJSON($0.account, relationship: nil), muteExpiresAt: $0.expiresAt.map(LineFormatter.date)) }
            return LineOutput(paragraphs: paragraphs, json: LineFormatter.encode(json), empty: localizer.string("safety.empty.mutes"))
        }
        let blocked = try await collect(limit: max(1, limit), pageSize: 80) { try await engine.blocks(page: $0) }
        return LineOutput(paragraphs: blocked.map { formatter.paragraph($0) }, json: formatter.json(blocked), empty: localizer.string("safety.empty.blocks"))
    }

    /// Blocks or unblocks a domain, or (with `domain` nil) lists the blocked domains.
    public func domainBlock(_ domain: String?, _ blocked: Bool = true) async throws -> LineOutput {
        try account.capabilities.require(.domainBlocks)
        let engine = try await openEngine()
        guard let domain else {
            let domains = try await engine.domainBlocks().map(TextSafety.stripped)
            return LineOutput(
                paragraphs: domains.map { Paragraph(text: $0, spoken: $0, language: nil) }, json: LineFormatter.encode(domains),
                empty: localizer.string("safety.empty.domains"))
        }
        try await engine.setDomainBlocked(blocked, domain: domain)
        let clean = TextSafety.stripped(domain.lowercased())
        return .done(localizer.string(blocked ? "safety.done.domain-block" : "safety.done.domain-unblock", ["domain": clean]),
                     json: LineFormatter.encode(DomainJSON(domain: clean, blocked: blocked)))
    }

    /// Reports a user to the server's moderators, with some of their posts and a comment.
    public func report(_ acct: String, reason: ReportReason, postIds: [String], comment: String) async throws -> LineOutput {
        try account.capabilities.require(.reports)
        let engine = try await openEngine()
        let user = try await lookup(acct)
        let id = try await engine.report(NewReport(accountId: user.id, reason: reason, postIds: postIds, comment: comment))
        return .done(localizer.string("safety.done.report", ["handle": "@" + TextSafety.stripped(user.acct)]),
                     json: LineFormatter.encode(ReportJSON(id: TextSafety.stripped(id), acct: TextSafety.stripped(user.acct),
                                                           reason: reason.rawValue, postIds: postIds, comment: comment)))
    }

    /// The people asking to follow the user.
    public func followRequests(limit: Int) async throws -> LineOutput {
        try account.capabilities.require(.followRequests)
        let engine = try await openEngine()
        let requests = try await collect(limit: max(1, limit), pageSize: 80) { try await engine.followRequests(page: $0) }
        return LineOutput(paragraphs: requests.map { formatter.paragraph($0) }, json: formatter.json(requests),
                          empty: localizer.string("safety.empty.requests"))
    }

    /// Accepts or rejects a user's follow request.
    public func answer(_ acct: String, accept: Bool) async throws -> LineOutput {
        try account.capabilities.require(.followRequests)
        let engine = try await openEngine()
        let user = try await lookup(acct)
        let relationship = try await engine.answerFollowRequest(accountId: user.id, accept: accept)
        return .done(localizer.string(accept ? "safety.done.accept" : "safety.done.reject", ["handle": "@" + TextSafety.stripped(user.acct)]),
                     json: formatter.json(user, relationship: relationship))
    }

    /// Mutes or unmutes the conversation of a post.
    public func muteThread(postId: String, _ muted: Bool) async throws -> LineOutput {
        try account.capabilities.require(.muteConversations)
        let engine = try await openEngine()
        let post = try await engine.setConversationMuted(muted, postId: postId)
        return .done(localizer.string(muted ? "safety.done.mute-thread" : "safety.done.unmute-thread"), json: formatter.json([post]))
    }
}

struct MutedJSON: Encodable {
    var account: AccountJSON
    var muteExpiresAt: String?

    func encode(to encoder: any Encoder) throws {
        try account.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(muteExpiresAt, forKey: .muteExpiresAt)
    }

    enum CodingKeys: String, CodingKey { case muteExpiresAt = "mute_expires_at" }
}

struct DomainJSON: Encodable {
    var domain: String
    var blocked: Bool
}

struct ReportJSON: Encodable {
    var id: String
    var acct: String
    var reason: String
    var postIds: [String]
    var comment: String

    enum CodingKeys: String, CodingKey { case id, acct, reason, postIds = "post_ids", comment }
}
