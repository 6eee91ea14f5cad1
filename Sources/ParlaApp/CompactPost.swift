import Foundation
import MicroblogKit

/// A post as a timeline keeps it while it is not shown: one object holding what nearly every post has,
/// its author and the start of its `uri` shared with every other post of the same account
/// (``AccountTable``), and what few posts have (media, polls, mentions, cards…) in a second object only
/// when present.
///
/// ``post`` gives back the same `Post`, field for field: a timeline of 100 000 posts keeps about a third
/// of the memory the full values take (measured by `parla-bench --only rss`).
///
/// The stored properties are in the order that packs them (Swift keeps the order written): the words
/// first, then the bytes, then the 32-bit counts.
final class CompactPost {
    let id: String
    /// The `uri` without the id it ends with (shared), or the whole `uri` when it does not end with the id.
    private let uriStart: String
    let createdAt: Date
    let account: Box<Account>
    /// The text, in one string (``CompactText``).
    let content: CompactText
    let language: String?
    let reblog: CompactPost?
    /// Everything else, nil when every part of it is empty.
    let rest: Rest?
    /// The hash of the post kept (this process's): a post read again is known unchanged without making it whole
    /// (``TimelineEntries/keeping(_:)``, where 100 000 posts made whole again took most of a burst's time).
    let fingerprint: Int
    let visibility: Visibility
    /// sensitive, favourited, reblogged, bookmarked (bits 0 to 3); pinned known and pinned (bits 4 and 5).
    let flags: UInt8
    private let uriEndsWithId: Bool
    let repliesCount: Int32, reblogsCount: Int32, favouritesCount: Int32

    /// The fields most posts leave empty.
    final class Rest {
        let url: String?
        let spoilerText: String
        let inReplyToId: String?, inReplyToAccountId: String?
        let media: [MediaAttachment]
        let mentions: [Mention]
        let tags: [String]
        let editedAt: Date?
        let filtered: [FilterMatch]?
        let emojis: [CustomEmoji]?
        let muted: Bool?
        /// The poll, quote, card and counts too large for 32 bits, when the post has any.
        let rare: Rare?

        init?(_ post: Post, countsFit: Bool) {
            guard post.url != nil || !post.spoilerText.isEmpty || post.inReplyToId != nil || post.inReplyToAccountId != nil
                || !post.media.isEmpty || !post.mentions.isEmpty || !post.tags.isEmpty || post.poll != nil || post.editedAt != nil
                || post.filtered != nil || post.quote != nil || post.card != nil || post.emojis != nil || post.muted != nil || !countsFit
            else { return nil }
            url = post.url
            spoilerText = CompactPost.exact(post.spoilerText)
            inReplyToId = post.inReplyToId
            inReplyToAccountId = post.inReplyToAccountId
            media = post.media
            mentions = post.mentions
            tags = post.tags
            editedAt = post.editedAt
            filtered = post.filtered
            emojis = post.emojis
            muted = post.muted
            rare = Rare(post, countsFit: countsFit)
        }
    }

    /// What very few posts have.
    final class Rare {
        let poll: Poll?
        let quote: Quote?
        let card: LinkCard?
        /// Counts that do not fit 32 bits (kept whole).
        let counts: (replies: Int, reblogs: Int, favourites: Int)?

        init?(_ post: Post, countsFit: Bool) {
            guard post.poll != nil || post.quote != nil || post.card != nil || !countsFit else { return nil }
            poll = post.poll
            quote = post.quote
            card = post.card
            counts = countsFit ? nil : (post.repliesCount, post.reblogsCount, post.favouritesCount)
        }
    }

    /// Keeps `post`, its author (and a boosted post's author) taken from `accounts`.
    init(_ post: Post, accounts: AccountTable) {
        id = post.id
        // Compared byte for byte, so that the start and the id give back the very same bytes.
        let idBytes = post.id.utf8.count
        uriEndsWithId = idBytes > 0 && post.uri.utf8.count > idBytes && post.uri.utf8.suffix(idBytes).elementsEqual(post.id.utf8)
        uriStart = uriEndsWithId ? accounts.shared(String(decoding: post.uri.utf8.dropLast(idBytes), as: UTF8.self)) : post.uri
        createdAt = post.createdAt
        account = accounts.shared(post.account)
        content = CompactText(post.content)
        language = post.language
        visibility = post.visibility
        let fit = [post.repliesCount, post.reblogsCount, post.favouritesCount].allSatisfy { Int32(exactly: $0) != nil }
        repliesCount = fit ? Int32(post.repliesCount) : 0
        reblogsCount = fit ? Int32(post.reblogsCount) : 0
        favouritesCount = fit ? Int32(post.favouritesCount) : 0
        flags = (post.sensitive ? 1 : 0) | (post.favourited ? 2 : 0) | (post.reblogged ? 4 : 0) | (post.bookmarked ? 8 : 0)
            | (post.pinned == nil ? 0 : 16) | (post.pinned == true ? 32 : 0)
        reblog = post.reblog.map { CompactPost($0.value, accounts: accounts) }
        rest = Rest(post, countsFit: fit)
        fingerprint = post.hashValue
    }

    /// Whether `post` is the post kept, field for field (by its hash: equal posts hash alike, and a post that
    /// changed in any field hashes otherwise but for a chance of one in 2⁶⁴).
    func keeps(_ post: Post) -> Bool { post.id == id && post.hashValue == fingerprint }

    /// A copy of `text` that takes only the room its bytes need (the same bytes).
    static func exact(_ text: String) -> String {
        text.utf8.count <= 15 ? text : String(decoding: text.utf8, as: UTF8.self)
    }

    /// The post as it was kept.
    var post: Post {
        var post = Post(id: id, uri: uriEndsWithId ? uriStart + id : uriStart, createdAt: createdAt, account: account.value, content: content.text, language: language)
        post.visibility = visibility
        post.sensitive = flags & 1 != 0
        post.favourited = flags & 2 != 0
        post.reblogged = flags & 4 != 0
        post.bookmarked = flags & 8 != 0
        post.pinned = flags & 16 != 0 ? flags & 32 != 0 : nil
        post.repliesCount = Int(repliesCount)
        post.reblogsCount = Int(reblogsCount)
        post.favouritesCount = Int(favouritesCount)
        post.reblog = reblog.map { Box($0.post) }
        if let rest {
            post.url = rest.url
            post.spoilerText = rest.spoilerText
            post.inReplyToId = rest.inReplyToId
            post.inReplyToAccountId = rest.inReplyToAccountId
            post.media = rest.media
            post.mentions = rest.mentions
            post.tags = rest.tags
            post.editedAt = rest.editedAt
            post.filtered = rest.filtered
            post.emojis = rest.emojis
            post.muted = rest.muted
            if let rare = rest.rare {
                post.poll = rare.poll
                post.quote = rare.quote
                post.card = rare.card
                if let counts = rare.counts {
                    (post.repliesCount, post.reblogsCount, post.favouritesCount) = (counts.replies, counts.reblogs, counts.favourites)
                }
            }
        }
        return post
    }
}

/// One copy of each author (and of each start of a `uri`) for a timeline's posts: posts decoded from the
/// network or the cache each bring their own copy of the same account; the timeline keeps one.
///
/// Bounded: past ``limit`` copies the table starts again (posts keep the copies they hold), so that a
/// screen open for days, whose authors' counts change with every refresh, does not keep every version.
final class AccountTable {
    private var accounts: [Account: Box<Account>] = [:]
    private var strings: Set<String> = []
    /// How many accounts (and how many strings) are kept at most.
    static let limit = 10_000

    /// The kept copy of `string` (kept now if it is the first).
    func shared(_ string: String) -> String {
        if let kept = strings.firstIndex(of: string) { return strings[kept] }
        if strings.count >= Self.limit { strings.removeAll() }
        strings.insert(string)
        return string
    }

    /// The kept copy equal to `account` (kept now if it is the first).
    func shared(_ account: Account) -> Box<Account> {
        if let kept = accounts[account] { return kept }
        if accounts.count >= Self.limit { accounts.removeAll() }
        let box = Box(account)
        accounts[account] = box
        return box
    }

    /// How many different accounts are kept.
    var count: Int { accounts.count }
}
