import Foundation

/// Mastodon's JSON as it arrives, every field optional so a missing or null one never fails a page.
///
/// Each type names its snake_case keys in `CodingKeys` (the decoder converts no keys); unknown fields
/// are ignored. The Mastodon client turns them into
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

        private enum CodingKeys: String, CodingKey {
            case id
            case username
            case acct
            case displayName = "display_name"
            case note
            case url
            case locked
            case bot
            case followersCount = "followers_count"
            case followingCount = "following_count"
            case statusesCount = "statuses_count"
            case createdAt = "created_at"
            case fields
            case emojis
            case moved
            case source
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

        private enum CodingKeys: String, CodingKey {
            case filter
            case keywordMatches = "keyword_matches"
            case statusMatches = "status_matches"
        }
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

            private enum CodingKeys: String, CodingKey {
                case id
                case keyword
                case wholeWord = "whole_word"
            }
        }

        private enum CodingKeys: String, CodingKey {
            case id
            case title
            case context
            case filterAction = "filter_action"
            case expiresAt = "expires_at"
            case keywords
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

        private enum CodingKeys: String, CodingKey {
            case content
            case spoilerText = "spoiler_text"
            case sensitive
            case createdAt = "created_at"
            case account
            case emojis
        }
    }

    /// The plain text of a post (`StatusSource`).
    public struct StatusSource: Decodable {
        public var id: String?
        public var text: String?
        public var spoilerText: String?

        private enum CodingKeys: String, CodingKey {
            case id
            case text
            case spoilerText = "spoiler_text"
        }
    }

    /// Notifications grouped by the server (`GroupedNotificationsResults`, Mastodon 4.3+).
    public struct GroupedNotificationsResults: Decodable {
        public var accounts: [Lenient<Account>]?
        public var statuses: [Lenient<Status>]?
        public var notificationGroups: [Lenient<NotificationGroup>]?

        private enum CodingKeys: String, CodingKey {
            case accounts
            case statuses
            case notificationGroups = "notification_groups"
        }
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

        private enum CodingKeys: String, CodingKey {
            case groupKey = "group_key"
            case notificationsCount = "notifications_count"
            case type
            case mostRecentNotificationId = "most_recent_notification_id"
            case pageMinId = "page_min_id"
            case pageMaxId = "page_max_id"
            case latestPageNotificationAt = "latest_page_notification_at"
            case sampleAccountIds = "sample_account_ids"
            case statusId = "status_id"
            case report
            case event
            case moderationWarning = "moderation_warning"
        }
    }

    /// A quoted status (Mastodon 4.4+ `Quote`, or `ShallowQuote` with only the id).
    public struct Quote: Decodable {
        public var state: String?
        public var quotedStatus: Status?
        public var quotedStatusId: String?

        private enum CodingKeys: String, CodingKey {
            case state
            case quotedStatus = "quoted_status"
            case quotedStatusId = "quoted_status_id"
        }
    }

    public struct PreviewCard: Decodable {
        public var url: String?
        public var title: String?
        public var providerName: String?

        private enum CodingKeys: String, CodingKey {
            case url
            case title
            case providerName = "provider_name"
        }
    }

    public struct Report: Decodable {
        public var id: String?
        public var category: String?
        public var targetAccount: Account?

        private enum CodingKeys: String, CodingKey {
            case id
            case category
            case targetAccount = "target_account"
        }
    }

    public struct RelationshipSeveranceEvent: Decodable {
        public var type: String?
        public var targetName: String?
        public var followersCount: Int?
        public var followingCount: Int?

        private enum CodingKeys: String, CodingKey {
            case type
            case targetName = "target_name"
            case followersCount = "followers_count"
            case followingCount = "following_count"
        }
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
        /// What the server measured of the file; a field of the wrong shape is left out, never failing the attachment.
        public var meta: Lenient<AttachmentMeta>?
    }

    /// An attachment's `meta`: Parla reads only `original`, the file as uploaded.
    public struct AttachmentMeta: Decodable {
        public var original: Lenient<AttachmentSize>?
    }

    /// `meta.original`: pixels for pictures and videos, seconds for videos and sounds, a video's frame rate
    /// as a fraction ("30/1", "6159375/249269").
    public struct AttachmentSize: Decodable {
        public var width: Int?
        public var height: Int?
        public var duration: Double?
        public var frameRate: String?

        private enum CodingKeys: String, CodingKey {
            case width, height, duration
            case frameRate = "frame_rate"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            width = try? container.decodeIfPresent(Int.self, forKey: .width)
            height = try? container.decodeIfPresent(Int.self, forKey: .height)
            duration = try? container.decodeIfPresent(Double.self, forKey: .duration)
            frameRate = try? container.decodeIfPresent(String.self, forKey: .frameRate)
        }

        /// The frame rate as a number: "30/1" is 30; nil when it is not a fraction of positive numbers.
        public var framesPerSecond: Double? {
            guard let frameRate else { return nil }
            let parts = frameRate.split(separator: "/", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            switch parts.count {
            case 1: return parts[0].flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            case 2:
                guard let top = parts[0], let bottom = parts[1], top > 0, bottom > 0, (top / bottom).isFinite else { return nil }
                return top / bottom
            default: return nil
            }
        }
    }

    public struct PollOption: Decodable {
        public var title: String?
        public var votesCount: Int?

        private enum CodingKeys: String, CodingKey {
            case title
            case votesCount = "votes_count"
        }
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

        private enum CodingKeys: String, CodingKey {
            case id
            case expiresAt = "expires_at"
            case expired
            case multiple
            case votesCount = "votes_count"
            case votersCount = "voters_count"
            case options
            case voted
            case ownVotes = "own_votes"
        }
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

        private enum CodingKeys: String, CodingKey {
            case id
            case uri
            case url
            case createdAt = "created_at"
            case account
            case content
            case spoilerText = "spoiler_text"
            case sensitive
            case visibility
            case language
            case inReplyToId = "in_reply_to_id"
            case inReplyToAccountId = "in_reply_to_account_id"
            case reblog
            case mediaAttachments = "media_attachments"
            case mentions
            case tags
            case poll
            case repliesCount = "replies_count"
            case reblogsCount = "reblogs_count"
            case favouritesCount = "favourites_count"
            case favourited
            case muted
            case reblogged
            case bookmarked
            case pinned
            case editedAt = "edited_at"
            case filtered
            case quote
            case card
            case emojis
        }
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

        private enum CodingKeys: String, CodingKey {
            case id
            case type
            case groupKey = "group_key"
            case createdAt = "created_at"
            case account
            case status
            case report
            case event
            case moderationWarning = "moderation_warning"
            case annualReport = "annual_report"
        }
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

        private enum CodingKeys: String, CodingKey {
            case id
            case following
            case followedBy = "followed_by"
            case requested
            case blocking
            case blockedBy = "blocked_by"
            case muting
            case mutingNotifications = "muting_notifications"
            case domainBlocking = "domain_blocking"
            case note
        }
    }

    public struct Context: Decodable {
        public var ancestors: [Lenient<Status>]?
        public var descendants: [Lenient<Status>]?
    }

    public struct Conversation: Decodable {
        public var id: String?
        public var accounts: [Lenient<Account>]?
        public var lastStatus: Status?

        private enum CodingKeys: String, CodingKey {
            case id, accounts
            case lastStatus = "last_status"
        }
    }

    public struct List: Decodable {
        public var id: String?
        public var title: String?
    }

    public struct Marker: Decodable {
        public var lastReadId: String?
        public var updatedAt: Date?
        public var version: Int?

        private enum CodingKeys: String, CodingKey {
            case lastReadId = "last_read_id"
            case updatedAt = "updated_at"
            case version
        }
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

            private enum CodingKeys: String, CodingKey {
                case streamingApi = "streaming_api"
            }
        }

        private enum CodingKeys: String, CodingKey {
            case uri
            case title
            case version
            case urls
            case configuration
            case maxTootChars = "max_toot_chars"
        }
    }

    public struct Statuses: Decodable {
        public var maxCharacters: Int?
        public var maxMediaAttachments: Int?

        private enum CodingKeys: String, CodingKey {
            case maxCharacters = "max_characters"
            case maxMediaAttachments = "max_media_attachments"
        }
    }

    public struct Polls: Decodable {
        public var maxOptions: Int?

        private enum CodingKeys: String, CodingKey {
            case maxOptions = "max_options"
        }
    }

    public struct AppRegistration: Decodable {
        public var id: String?
        public var clientId: String?
        public var clientSecret: String?

        private enum CodingKeys: String, CodingKey {
            case id
            case clientId = "client_id"
            case clientSecret = "client_secret"
        }
    }

    public struct Token: Decodable {
        public var accessToken: String?
        public var tokenType: String?
        public var scope: String?

        private enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case tokenType = "token_type"
            case scope
        }
    }

    public struct ServerError: Decodable {
        public var error: String?
        public var errorDescription: String?

        private enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }
}
