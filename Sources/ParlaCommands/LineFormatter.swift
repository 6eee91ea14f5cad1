import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation

/// Turns what a command read into line-mode output: one paragraph per item in the words Parla
/// would speak (the same presenter and template as the screen), or JSON for scripts.
///
/// Everything it writes has passed through the presenter or ``TextSafety``: no control or escape
/// characters from the network reach standard output.
public struct LineFormatter: Sendable {
    public let presenter: any PostPresenting
    public let localizer: Localizer
    /// The reading template and options (from the saved settings).
    public let settings: PresentationSettings
    /// "Now", for relative times.
    public let now: Date

    public init(presenter: any PostPresenting, localizer: Localizer, settings: PresentationSettings = PresentationSettings(), now: Date = Date()) {
        self.presenter = presenter
        self.localizer = localizer
        // Printed, a post is read at the reader's own pace, and there is no Right to ask for the rest: whole.
        var settings = settings
        settings.options.wholePosts = true
        self.settings = settings
        self.now = now
    }

    // MARK: Paragraphs

    /// A post as it is said, then its id on a line of its own (what `reply`, `boost` … take).
    public func paragraph(_ post: Post) -> Paragraph {
        let presented = presenter.present(post, localizer: localizer, now: now, settings: settings)
        return Paragraph(text: presented.spoken + "\n" + localizer.string("line.id", ["id": Self.clean(post.id)]),
                         spoken: presented.spoken, language: presented.language, segments: presented.segments)
    }

    public func paragraph(_ notification: MicroblogNotification) -> Paragraph {
        let presented = presenter.present(notification, localizer: localizer, now: now, settings: settings)
        var text = presented.spoken
        if let post = notification.post { text += "\n" + localizer.string("line.id", ["id": Self.clean(post.id)]) }
        return Paragraph(text: text, spoken: presented.spoken, language: presented.language, segments: presented.segments)
    }

    /// An account: name and handle, then bot, locked and moved, the bio, the fields, the counts and
    /// (when known) the relationship, each once.
    public func paragraph(_ account: Account, relationship: Relationship? = nil) -> Paragraph {
        var short = settings
        short.level = .short
        let presented = presenter.present(account, localizer: localizer, settings: short)
        var lines = [presented.spoken + "."]
        if !presented.display.isEmpty { lines.append(presented.display.replacingOccurrences(of: "\n\n", with: "\n")) }
        lines.append(account.counts(localizer) + ".")
        var full = settings
        full.level = .full
        let said = presenter.present(account, localizer: localizer, settings: full)
        var spoken = said.spoken
        // The bio in the voice of its language, the rest in the interface's.
        var segments = said.segments
        if let relationship {
            lines.append(relationshipText(relationship))
            spoken += " " + relationshipText(relationship)
            segments.append(SpeechText.Segment(" " + relationshipText(relationship)))
        }
        return Paragraph(text: lines.joined(separator: "\n"), spoken: spoken, language: nil, segments: segments)
    }

    /// A direct conversation whose last post was deleted: who is in it, and that its last post is gone.
    public func paragraph(_ conversation: PostlessConversation) -> Paragraph {
        var short = settings
        short.level = .short
        let people = conversation.accounts.map { presenter.present($0, localizer: localizer, settings: short).spoken }
        let said = people.isEmpty
            ? localizer.string("line.conversation.postless.nobody")
            : localizer.string("line.conversation.postless", ["people": people.joined(separator: "; ")])
        return Paragraph(text: said, spoken: said, language: nil)
    }

    /// "You follow them. They follow you." or "Neither of you follows the other."
    public func relationshipText(_ relationship: Relationship) -> String {
        var parts: [String] = []
        if relationship.following { parts.append(localizer.string("line.relationship.following")) }
        if relationship.requested { parts.append(localizer.string("line.relationship.requested")) }
        if relationship.followedBy { parts.append(localizer.string("line.relationship.followed-by")) }
        if relationship.blocking { parts.append(localizer.string("line.relationship.blocking")) }
        if relationship.muting { parts.append(localizer.string("line.relationship.muting")) }
        if parts.isEmpty { parts.append(localizer.string("line.relationship.none")) }
        if !relationship.note.isEmpty { parts.append(localizer.string("note.yours", ["note": TextSafety.stripped(relationship.note)])) }
        return parts.joined(separator: " ")
    }

    /// Paragraphs separated by a blank line, ending in a newline; a notice when there are none.
    public func text(_ paragraphs: [Paragraph], empty: String) -> String {
        paragraphs.isEmpty ? empty + "\n" : paragraphs.map(\.text).joined(separator: "\n\n") + "\n"
    }

    // MARK: JSON

    /// Posts as a JSON array.
    public func json(_ posts: [Post]) -> Data { Self.encode(posts.map(postJSON)) }

    public func json(_ notifications: [MicroblogNotification]) -> Data {
        Self.encode(notifications.map { notification in
            NotificationJSON(
                id: Self.clean(notification.id), type: Self.clean(notification.kind.rawValue),
                createdAt: Self.date(notification.createdAt), account: accountJSON(notification.account, relationship: nil),
                status: notification.post.map(postJSON),
                spoken: presenter.present(notification, localizer: localizer, now: now, settings: settings).spoken)
        })
    }

    public func json(_ accounts: [Account], relationships: [String: Relationship] = [:]) -> Data {
        Self.encode(accounts.map { accountJSON($0, relationship: relationships[$0.id]) })
    }

    public func json(_ account: Account, relationship: Relationship?) -> Data {
        Self.encode(accountJSON(account, relationship: relationship))
    }

    func postJSON(_ post: Post) -> PostJSON {
        let shown = post.shown
        let presented = presenter.present(post, localizer: localizer, now: now, settings: settings)
        return PostJSON(
            id: Self.clean(post.id), acct: Self.clean(post.account.acct), author: Self.clean(post.account.name),
            text: presented.display, spoken: presented.spoken, createdAt: Self.date(post.createdAt),
            language: Nullable(shown.language.map(Self.clean)), visibility: Self.clean(post.visibility.rawValue), url: Nullable(post.url.map(Self.clean)),
            spoilerText: Self.clean(shown.spoilerText), inReplyToId: Nullable(shown.inReplyToId.map(Self.clean)),
            reblogOf: Nullable(post.reblog.map { Self.clean($0.value.id) }),
            rebloggedAcct: Nullable(post.reblog.map { Self.clean($0.value.account.acct) }),
            media: shown.media.map { MediaJSON(type: Self.clean($0.kind.rawValue), description: $0.description.map(Self.clean)) },
            poll: shown.poll.map { poll in
                PollJSON(id: Self.clean(poll.id), expired: poll.expired, multiple: poll.multiple, votesCount: poll.votesCount,
                         voted: poll.voted, options: poll.options.map { PollOptionJSON(title: Self.clean($0.title), votesCount: $0.votesCount) })
            },
            repliesCount: shown.repliesCount, reblogsCount: shown.reblogsCount, favouritesCount: shown.favouritesCount,
            favourited: shown.favourited, reblogged: shown.reblogged, bookmarked: shown.bookmarked)
    }

    func accountJSON(_ account: Account, relationship: Relationship?) -> AccountJSON {
        AccountJSON(
            id: Self.clean(account.id), acct: Self.clean(account.acct), displayName: Self.clean(account.name),
            note: presenter.present(account, localizer: localizer, settings: settings).display, url: Self.clean(account.url), locked: account.locked,
            bot: account.bot, followersCount: account.followersCount, followingCount: account.followingCount,
            statusesCount: account.postsCount,
            relationship: relationship.map {
                RelationshipJSON(following: $0.following, followedBy: $0.followedBy, requested: $0.requested, blocking: $0.blocking,
                                 muting: $0.muting)
            })
    }

    /// JSON with sorted keys and no escaped slashes, ending in a newline.
    public static func encode<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var data = (try? encoder.encode(value)) ?? Data("null".utf8)
        data.append(0x0A)
        return data
    }

    static func clean(_ text: String) -> String { TextSafety.stripped(text) }

    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

/// One item of line output: what is printed and what `--speak` says.
public struct Paragraph: Sendable, Hashable {
    public var text: String
    public var spoken: String
    /// The language of `spoken`, for the voice.
    public var language: String?
    /// `spoken` in parts, each read with its own voice: a post's own words in the post's language, the words
    /// around them in the interface's (nil).
    public var segments: [SpeechText.Segment]

    public init(text: String, spoken: String, language: String?, segments: [SpeechText.Segment]? = nil) {
        self.text = text
        self.spoken = spoken
        self.language = language
        self.segments = segments ?? [SpeechText.Segment(spoken, language: language)]
    }
}

struct PostJSON: Encodable {
    var id: String
    var acct: String
    var author: String
    var text: String
    var spoken: String
    var createdAt: String
    var language: Nullable<String>
    var visibility: String
    var url: Nullable<String>
    var spoilerText: String
    var inReplyToId: Nullable<String>
    var reblogOf: Nullable<String>
    var rebloggedAcct: Nullable<String>
    var media: [MediaJSON]
    var poll: PollJSON?
    var repliesCount: Int
    var reblogsCount: Int
    var favouritesCount: Int
    var favourited: Bool
    var reblogged: Bool
    var bookmarked: Bool
}

struct MediaJSON: Encodable {
    var type: String
    var description: String?
}

struct PollJSON: Encodable {
    var id: String
    var expired: Bool
    var multiple: Bool
    var votesCount: Int
    var voted: Bool?
    var options: [PollOptionJSON]
}

struct PollOptionJSON: Encodable {
    var title: String
    var votesCount: Int?
}

struct NotificationJSON: Encodable {
    var id: String
    var type: String
    var createdAt: String
    var account: AccountJSON
    var status: PostJSON?
    var spoken: String
}

struct AccountJSON: Encodable {
    var id: String
    var acct: String
    var displayName: String
    var note: String
    var url: String
    var locked: Bool
    var bot: Bool
    var followersCount: Int
    var followingCount: Int
    var statusesCount: Int
    var relationship: RelationshipJSON?
}

struct RelationshipJSON: Encodable {
    var following: Bool
    var followedBy: Bool
    var requested: Bool
    var blocking: Bool
    var muting: Bool
}

/// A value written as JSON `null` when absent (instead of leaving the key out), so every post has
/// the same keys.
struct Nullable<Value: Encodable>: Encodable {
    var value: Value?

    init(_ value: Value?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
