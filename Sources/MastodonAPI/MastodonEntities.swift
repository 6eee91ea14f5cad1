import Foundation

/// Mastodon's JSON as it arrives, every field optional so a missing or null one never fails a page.
///
/// Keys are decoded from snake_case; unknown fields are ignored. The Mastodon client turns them into
/// MicroblogKit's models (leaving out an item that lacks what a model cannot do without).
public enum MastodonEntities {
    public struct Account: Decodable {
        public var id: String?
        public var username: String?
        public var acct: String?
        public var displayName: String?
        public var note: String?
        public var url: String?
        public var locked: Bool?
        public var bot: Bool?
        public var followersCount: Int?
        public var followingCount: Int?
        public var statusesCount: Int?
        public var createdAt: Date?
        public var fields: [Lenient<Field>]?
        public var emojis: [Lenient<CustomEmoji>]?
        /// A class so an account can hold the account it moved to.
        public var moved: Lenient<Box<Account>>?
        /// What `verify_credentials` adds about the user's own defaults.
        public var source: Lenient<Source>?

        public struct Source: Decodable {
            /// The language the user posts in by default (ISO 639-1), or null.
            public var language: String?
            /// The profile's text as the user wrote it (plain, not HTML).
            public var note: String?
            /// The profile's fields as the user wrote them.
            public var fields: [Lenient<Field>]?
        }

        public struct Field: Decodable {
            public var name: String?
            public var value: String?
        }
    }

    /// A JSON object inside itself (an account's `moved`): decoded as the value, null as nil.
    public final class Box<Value: Decodable>: Decodable {
        public let value: Value

        public init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
    }

    public struct CustomEmoji: Decodable {
        public var shortcode: String?
        public var url: String?
        public var category: String?
    }

    /// A server filter that matched a status (`FilterResult`).
    public struct FilterResult: Decodable {
        public var filter: Filter?
        public var keywordMatches: [String]?
        public var statusMatches: [String]?
    }

    /// A user's server filter (`/api/v2/filters`).
    public struct Filter: Decodable {
        public var id: String?
        public var title: String?
        public var context: [String]?
        public var filterAction: String?
        public var expiresAt: Date?
        public var keywords: [Lenient<Keyword>]?

        public struct Keyword: Decodable {
            public var id: String?
            public var keyword: String?
            public var wholeWord: Bool?
        }
    }

    /// One version of an edited post (`StatusEdit`).
    public struct StatusEdit: Decodable {
        public var content: String?
        public var spoilerText: String?
        public var sensitive: Bool?
        public var createdAt: Date?
        public var account: Account?
        public var emojis: [Lenient<CustomEmoji>]?
    }

    /// The plain text of a post (`StatusSource`).
    public struct StatusSource: Decodable {
        public var id: String?
        public var text: String?
        public var spoilerText: String?
    }

    /// Notifications grouped by the server (`GroupedNotificationsResults`, Mastodon 4.3+).
    public struct GroupedNotificationsResults: Decodable {
        public var accounts: [Lenient<Account>]?
        public var statuses: [Lenient<Status>]?
        public var notificationGroups: [Lenient<NotificationGroup>]?
    }

    /// One group of notifications (`NotificationGroup`).
    public struct NotificationGroup: Decodable {
        public var groupKey: String?
        public var notificationsCount: Int?
        public var type: String?
        public var mostRecentNotificationId: String?
        public var pageMinId: String?
        public var pageMaxId: String?
        public var latestPageNotificationAt: Date?
        public var sampleAccountIds: [String]?
        public var statusId: String?
        /// Attached to a group of type `admin.report`.
        public var report: Lenient<Report>?
        /// Attached to a group of type `severed_relationships`.
        public var event: Lenient<RelationshipSeveranceEvent>?
        /// Attached to a group of type `moderation_warning`.
        public var moderationWarning: Lenient<AccountWarning>?
    }

    /// A quoted status (Mastodon 4.4+ `Quote`, or `ShallowQuote` with only the id).
    public struct Quote: Decodable {
        public var state: String?
        public var quotedStatus: Status?
        public var quotedStatusId: String?
    }

    public struct PreviewCard: Decodable {
        public var url: String?
        public var title: String?
        public var providerName: String?
    }

    public struct Report: Decodable {
        public var id: String?
        public var category: String?
        public var targetAccount: Account?
    }

    public struct RelationshipSeveranceEvent: Decodable {
        public var type: String?
        public var targetName: String?
        public var followersCount: Int?
        public var followingCount: Int?
    }

    public struct AccountWarning: Decodable {
        public var action: String?
        public var text: String?
    }

    public struct AnnualReportEvent: Decodable {
        public var year: Int?
    }

    public struct Attachment: Decodable {
        public var id: String?
        public var type: String?
        public var url: String?
        public var description: String?
    }

    public struct PollOption: Decodable {
        public var title: String?
        public var votesCount: Int?
    }

    public struct Poll: Decodable {
        public var id: String?
        public var expiresAt: Date?
        public var expired: Bool?
        public var multiple: Bool?
        public var votesCount: Int?
        public var votersCount: Int?
        public var options: [PollOption]?
        public var voted: Bool?
        public var ownVotes: [Int]?
    }

    public struct Mention: Decodable {
        public var id: String?
        public var username: String?
        public var acct: String?
        public var url: String?
    }

    public struct Tag: Decodable {
        public var name: String?
        /// Whether the user follows the hashtag (where the server says).
        public var following: Bool?
        /// Uses per day, newest first (trends and hashtag lookups).
        public var history: [Lenient<TagHistory>]?
    }

    /// One day of a hashtag's use: numbers sent as text.
    public struct TagHistory: Decodable {
        public var day: String?
        public var uses: String?
        public var accounts: String?
    }

    public final class Status: Decodable {
        public var id: String?
        public var uri: String?
        public var url: String?
        public var createdAt: Date?
        public var account: Account?
        public var content: String?
        public var spoilerText: String?
        public var sensitive: Bool?
        public var visibility: String?
        public var language: String?
        public var inReplyToId: String?
        public var inReplyToAccountId: String?
        public var reblog: Status?
        public var mediaAttachments: [Lenient<Attachment>]?
        public var mentions: [Lenient<Mention>]?
        public var tags: [Lenient<Tag>]?
        public var poll: Poll?
        public var repliesCount: Int?
        public var reblogsCount: Int?
        public var favouritesCount: Int?
        public var favourited: Bool?
        public var muted: Bool?
        public var reblogged: Bool?
        public var bookmarked: Bool?
        public var pinned: Bool?
        public var editedAt: Date?
        public var filtered: [Lenient<FilterResult>]?
        public var quote: Lenient<Quote>?
        public var card: Lenient<PreviewCard>?
        public var emojis: [Lenient<CustomEmoji>]?
    }

    public struct Notification: Decodable {
        public var id: String?
        public var type: String?
        /// Mastodon 4.3+: shared by notifications the server groups (`ungrouped-<id>` for the others).
        public var groupKey: String?
        public var createdAt: Date?
        public var account: Account?
        public var status: Status?
        public var report: Lenient<Report>?
        public var event: Lenient<RelationshipSeveranceEvent>?
        public var moderationWarning: Lenient<AccountWarning>?
        public var annualReport: Lenient<AnnualReportEvent>?
    }

    public struct Relationship: Decodable {
        public var id: String?
        public var following: Bool?
        public var followedBy: Bool?
        public var requested: Bool?
        public var blocking: Bool?
        public var blockedBy: Bool?
        public var muting: Bool?
        public var mutingNotifications: Bool?
        public var domainBlocking: Bool?
        /// The user's private note on the account.
        public var note: String?
    }

    public struct Context: Decodable {
        public var ancestors: [Lenient<Status>]?
        public var descendants: [Lenient<Status>]?
    }

    public struct Conversation: Decodable {
        public var id: String?
        public var lastStatus: Status?
    }

    public struct List: Decodable {
        public var id: String?
        public var title: String?
    }

    public struct Marker: Decodable {
        public var lastReadId: String?
        public var updatedAt: Date?
        public var version: Int?
    }

    public struct SearchResults: Decodable {
        public var accounts: [Lenient<Account>]?
        public var statuses: [Lenient<Status>]?
        public var hashtags: [Lenient<Tag>]?
    }

    public struct InstanceV2: Decodable {
        public var domain: String?
        public var title: String?
        public var version: String?
        public var configuration: Configuration?

        public struct Configuration: Decodable {
            public var urls: URLs?
            public var statuses: Statuses?
            public var polls: Polls?
        }

        public struct URLs: Decodable {
            public var streaming: String?
        }
    }

    public struct InstanceV1: Decodable {
        public var uri: String?
        public var title: String?
        public var version: String?
        public var urls: URLs?
        public var configuration: InstanceV2.Configuration?
        public var maxTootChars: Int?

        public struct URLs: Decodable {
            public var streamingApi: String?
        }
    }

    public struct Statuses: Decodable {
        public var maxCharacters: Int?
        public var maxMediaAttachments: Int?
    }

    public struct Polls: Decodable {
        public var maxOptions: Int?
    }

    public struct AppRegistration: Decodable {
        public var id: String?
        public var clientId: String?
        public var clientSecret: String?
    }

    public struct Token: Decodable {
        public var accessToken: String?
        public var tokenType: String?
        public var scope: String?
    }

    public struct ServerError: Decodable {
        public var error: String?
        public var errorDescription: String?
    }
}
