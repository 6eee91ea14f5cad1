import Foundation

extension API {
    /// Mutes, blocks, domain blocks, reports and follow requests: the user's safety tools.
    public enum Safety {}
}

extension API.Safety {
    /// Mutes an account (form `notifications`, default true; `duration` in seconds, 0 for ever).
    public static let mute = Endpoint<MastodonEntities.Relationship>(.post, "/api/v1/accounts/{id}/mute")
    /// Unmutes an account.
    public static let unmute = Endpoint<MastodonEntities.Relationship>(.post, "/api/v1/accounts/{id}/unmute")
    /// Blocks an account (and ends the follows both ways).
    public static let block = Endpoint<MastodonEntities.Relationship>(.post, "/api/v1/accounts/{id}/block")
    /// Unblocks an account.
    public static let unblock = Endpoint<MastodonEntities.Relationship>(.post, "/api/v1/accounts/{id}/unblock")
    /// The accounts the user muted (paged by `Link`); each may carry `mute_expires_at`.
    public static let mutes = Endpoint<[Lenient<MastodonEntities.MutedAccount>]>(.get, "/api/v1/mutes")
    /// The accounts the user blocked (paged by `Link`).
    public static let blocks = Endpoint<[Lenient<MastodonEntities.Account>]>(.get, "/api/v1/blocks")
    /// The domains the user blocked (paged by `Link`).
    public static let domainBlocks = Endpoint<[String]>(.get, "/api/v1/domain_blocks")
    /// Blocks a domain (form `domain`); answers an empty object.
    public static let blockDomain = Endpoint<NoContent>(.post, "/api/v1/domain_blocks")
    /// Unblocks a domain (`domain`); answers an empty object.
    public static let unblockDomain = Endpoint<NoContent>(.delete, "/api/v1/domain_blocks")
    /// Reports an account to the moderators (form `account_id`, `status_ids[]`, `comment`, `category`,
    /// `rule_ids[]`, `forward`).
    public static let report = Endpoint<MastodonEntities.Report>(.post, "/api/v1/reports")
    /// Accounts asking to follow the user (paged by `Link`).
    public static let followRequests = Endpoint<[Lenient<MastodonEntities.Account>]>(.get, "/api/v1/follow_requests")
    /// Accepts a follow request; answers the relationship with the requester.
    public static let authorize = Endpoint<MastodonEntities.Relationship>(.post, "/api/v1/follow_requests/{id}/authorize")
    /// Rejects a follow request; answers the relationship with the requester.
    public static let reject = Endpoint<MastodonEntities.Relationship>(.post, "/api/v1/follow_requests/{id}/reject")
    /// Stops notifications about a post's conversation; answers the post (`muted` true).
    public static let muteConversation = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/mute")
    /// Notifies about a post's conversation again.
    public static let unmuteConversation = Endpoint<MastodonEntities.Status>(.post, "/api/v1/statuses/{id}/unmute")
}

extension MastodonEntities {
    /// An account as `/api/v1/mutes` lists it, with when the mute ends.
    public struct MutedAccount: Decodable {
        public var account: Account
        public var muteExpiresAt: Date?

        private enum Keys: String, CodingKey { case muteExpiresAt = "mute_expires_at" }

        public init(from decoder: any Decoder) throws {
            account = try Account(from: decoder)
            muteExpiresAt = try? decoder.container(keyedBy: Keys.self).decodeIfPresent(Date.self, forKey: .muteExpiresAt)
        }
    }
}
