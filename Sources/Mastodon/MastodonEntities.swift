import Foundation
import MicroblogKit

/// Mastodon's JSON as it arrives, every field optional so a missing or null one never fails a page.
///
/// Keys are decoded from snake_case; unknown fields are ignored; ``MastodonEntities/toModel()`` methods
/// turn them into MicroblogKit's models (and return nil when an item lacks what a model cannot do without).
enum MastodonEntities {
    struct Account: Decodable {
        var id: String?
        var username: String?
        var acct: String?
        var displayName: String?
        var note: String?
        var url: String?
        var locked: Bool?
        var bot: Bool?
        var followersCount: Int?
        var followingCount: Int?
        var statusesCount: Int?
        var createdAt: Date?
        var fields: [Field]?

        struct Field: Decodable {
            var name: String?
            var value: String?
        }
    }

    struct Attachment: Decodable {
        var id: String?
        var type: String?
        var url: String?
        var description: String?
    }

    struct PollOption: Decodable {
        var title: String?
        var votesCount: Int?
    }

    struct Poll: Decodable {
        var id: String?
        var expiresAt: Date?
        var expired: Bool?
        var multiple: Bool?
        var votesCount: Int?
        var votersCount: Int?
        var options: [PollOption]?
        var voted: Bool?
        var ownVotes: [Int]?
    }

    struct Mention: Decodable {
        var id: String?
        var username: String?
        var acct: String?
        var url: String?
    }

    struct Tag: Decodable {
        var name: String?
    }

    final class Status: Decodable {
        var id: String?
        var uri: String?
        var url: String?
        var createdAt: Date?
        var account: Account?
        var content: String?
        var spoilerText: String?
        var sensitive: Bool?
        var visibility: String?
        var language: String?
        var inReplyToId: String?
        var inReplyToAccountId: String?
        var reblog: Status?
        var mediaAttachments: [Lenient<Attachment>]?
        var mentions: [Lenient<Mention>]?
        var tags: [Lenient<Tag>]?
        var poll: Poll?
        var repliesCount: Int?
        var reblogsCount: Int?
        var favouritesCount: Int?
        var favourited: Bool?
        var reblogged: Bool?
        var bookmarked: Bool?
        var editedAt: Date?
    }

    struct Notification: Decodable {
        var id: String?
        var type: String?
        var createdAt: Date?
        var account: Account?
        var status: Status?
    }

    struct Relationship: Decodable {
        var id: String?
        var following: Bool?
        var followedBy: Bool?
        var requested: Bool?
        var blocking: Bool?
        var blockedBy: Bool?
        var muting: Bool?
    }

    struct Context: Decodable {
        var ancestors: [Lenient<Status>]?
        var descendants: [Lenient<Status>]?
    }

    struct Conversation: Decodable {
        var id: String?
        var lastStatus: Status?
    }

    struct List: Decodable {
        var id: String?
        var title: String?
    }

    struct Marker: Decodable {
        var lastReadId: String?
        var updatedAt: Date?
        var version: Int?
    }

    struct SearchResults: Decodable {
        var accounts: [Lenient<Account>]?
        var statuses: [Lenient<Status>]?
        var hashtags: [Lenient<Tag>]?
    }

    struct InstanceV2: Decodable {
        var domain: String?
        var title: String?
        var version: String?
        var configuration: Configuration?

        struct Configuration: Decodable {
            var urls: URLs?
            var statuses: Statuses?
            var polls: Polls?
        }

        struct URLs: Decodable {
            var streaming: String?
        }
    }

    struct InstanceV1: Decodable {
        var uri: String?
        var title: String?
        var version: String?
        var urls: URLs?
        var configuration: InstanceV2.Configuration?
        var maxTootChars: Int?

        struct URLs: Decodable {
            var streamingApi: String?
        }
    }

    struct Statuses: Decodable {
        var maxCharacters: Int?
        var maxMediaAttachments: Int?
    }

    struct Polls: Decodable {
        var maxOptions: Int?
    }

    struct AppRegistration: Decodable {
        var id: String?
        var clientId: String?
        var clientSecret: String?
    }

    struct Token: Decodable {
        var accessToken: String?
        var tokenType: String?
        var scope: String?
    }

    struct ServerError: Decodable {
        var error: String?
        var errorDescription: String?
    }
}

/// An array element that decodes to nil instead of failing the whole array.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension Array {
    /// The elements that decoded.
    func decoded<Value>() -> [Value] where Element == Lenient<Value> {
        compactMap(\.value)
    }
}
