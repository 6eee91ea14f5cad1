import Foundation
import MicroblogKit
import ServiceHTTP

extension Lexicon {
    /// Labels that hold a post's media back, as Mastodon's "sensitive" does.
    static let adultLabels: Set<String> = ["porn", "sexual", "nudity", "graphic-media", "gore"]

    /// A date as the lexicons write it; the start of 1970 when it is missing or unreadable.
    static func date(_ text: String?) -> Date {
        text.flatMap(ISODate.parse) ?? Date(timeIntervalSince1970: 0)
    }

    /// The DID in an `at://did/collection/rkey` address.
    static func did(inURI uri: String) -> String? {
        guard uri.hasPrefix("at://") else { return nil }
        let authority = uri.dropFirst(5).split(separator: "/", maxSplits: 1).first.map(String.init)
        return authority?.hasPrefix("did:") == true ? authority : nil
    }

    /// The record key: the last part of an `at://` address.
    static func recordKey(_ uri: String) -> String {
        String(uri.split(separator: "/").last ?? "")
    }

    /// Whether labels hold media back, and the filters they stand for (`!warn`, `!hide`).
    static func moderation(_ labels: [Label], selfLabels: SelfLabels?) -> (sensitive: Bool, filters: [FilterMatch]) {
        let values = labels.filter { $0.neg != true }.map(\.val) + (selfLabels?.values.map(\.val) ?? [])
        let sensitive = values.contains { adultLabels.contains($0) }
        var filters: [FilterMatch] = []
        if values.contains("!hide") { filters.append(FilterMatch(title: "hide", action: .hide)) }
        if values.contains("!warn") { filters.append(FilterMatch(title: "warn", action: .warn)) }
        return (sensitive, filters)
    }
}

extension Lexicon.Profile {
    /// The account as Parla's models hold it: the DID as its id, the handle as its `acct`.
    var account: Account {
        Account(
            id: did, acct: handle, username: handle, displayName: displayName ?? "",
            note: description.map { RichText.plain($0) } ?? .empty, url: FacetedText.profileURL(handle),
            followersCount: followersCount ?? 0, followingCount: followsCount ?? 0, postsCount: postsCount ?? 0,
            createdAt: createdAt.flatMap(ISODate.parse))
    }

    /// The user's relationship with the account, as its view tells it.
    var relationship: Relationship {
        Relationship(
            id: did, following: viewer?.following != nil, followedBy: viewer?.followedBy != nil,
            blocking: viewer?.blocking != nil, blockedBy: viewer?.blockedBy ?? false, muting: viewer?.muted ?? false)
    }
}

extension Lexicon.EmbedView {
    /// The images and videos it shows, each with its alt text (none when it has none).
    var media: [MediaAttachment] {
        switch self {
        case .images(let images):
            return images.map { image in
                MediaAttachment(id: image.fullsize, kind: .image, url: image.fullsize, description: Self.alt(image.alt),
                                width: image.aspectRatio?.width, height: image.aspectRatio?.height)
            }
        case .video(let video):
            return [MediaAttachment(id: video.cid, kind: .video, url: video.playlist, description: Self.alt(video.alt),
                                    width: video.aspectRatio?.width, height: video.aspectRatio?.height)]
        case .recordWithMedia(_, let media): return media.media
        case .external, .record, .unknown: return []
        }
    }

    /// The link card it shows.
    var card: LinkCard? {
        switch self {
        case .external(let external):
            return LinkCard(url: external.uri, title: external.title ?? "", providerName: URL(string: external.uri)?.host ?? "")
        case .recordWithMedia(_, let media): return media.card
        default: return nil
        }
    }

    /// The post it quotes, or why that post cannot be shown.
    func quote(_ records: ViewerRecords) -> Quote? {
        let embedded: Lexicon.EmbeddedRecord
        switch self {
        case .record(let record): embedded = record
        case .recordWithMedia(let record, _): embedded = record
        default: return nil
        }
        switch embedded {
        case .post(let quoted): return Quote(state: .accepted, post: quoted.post(records))
        case .notFound: return Quote(state: .deleted)
        case .blocked: return Quote(state: .blockedAccount)
        case .detached: return Quote(state: .revoked)
        case .other: return nil
        }
    }

    /// Alt text, nil when it is empty (said as missing, as for Mastodon).
    private static func alt(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }
}

extension Lexicon.PostView {
    /// The post as Parla's models hold it: the `at://` address as its id, likes as favourites, reposts
    /// as boosts.
    ///
    /// - Parameter parentAuthor: the DID of the author of the post it replies to, when the feed says it.
    func post(_ records: ViewerRecords, parentAuthor: String? = nil) -> Post {
        records.learn(post: uri, viewer: viewer)
        records.learn(account: author.did, viewer: author.viewer)
        return Lexicon.makePost(
            uri: uri, author: author, record: record, embed: embed, labels: labels ?? [], indexedAt: indexedAt,
            counts: (replyCount, repostCount, likeCount), viewer: viewer, parentAuthor: parentAuthor, records: records)
    }
}

extension Lexicon.QuotedPost {
    /// The quoted post as Parla's models hold it.
    func post(_ records: ViewerRecords) -> Post {
        Lexicon.makePost(
            uri: uri, author: author, record: value, embed: embeds?.first, labels: labels ?? [], indexedAt: indexedAt,
            counts: (replyCount, repostCount, likeCount), viewer: nil, parentAuthor: nil, records: records)
    }
}

extension Lexicon.FeedItem {
    /// The item as a post: a repost is a boost by the one who reposted, wrapping the post.
    func post(_ records: ViewerRecords) -> Post {
        let shown = post.post(records, parentAuthor: reply?.parent.post?.author.did)
        guard case .repost(let by, let uri, let indexedAt) = reason else { return shown }
        records.learn(account: by.did, viewer: by.viewer)
        var boost = Post(
            id: uri ?? shown.id + "#repost-" + by.did, uri: uri ?? "", createdAt: indexedAt.map(Lexicon.date) ?? shown.createdAt,
            account: by.account, content: .empty, language: shown.language, reblog: shown)
        boost.favourited = shown.favourited
        boost.reblogged = shown.reblogged
        return boost
    }
}

extension Lexicon {
    /// A post from its parts (a post view or a quoted record share them).
    static func makePost(
        uri: String, author: Profile, record: PostRecord, embed: EmbedView?, labels: [Label], indexedAt: String?,
        counts: (replies: Int?, reposts: Int?, likes: Int?), viewer: PostViewer?, parentAuthor: String?, records: ViewerRecords
    ) -> Post {
        let text = FacetedText(text: record.text ?? "", facets: record.facets ?? [])
        let (sensitive, filters) = moderation(labels, selfLabels: record.labels)
        let handles = [author.did: author.handle]
        let parent = record.reply?.parent.uri
        var post = Post(
            id: uri, uri: uri, url: FacetedText.profileURL(author.handle) + "/post/" + recordKey(uri),
            createdAt: date(record.createdAt ?? indexedAt), account: author.account, content: text.richText(handles: handles),
            sensitive: sensitive, language: record.langs?.first, inReplyToId: parent,
            inReplyToAccountId: parent.flatMap { parentAuthor ?? did(inURI: $0) }, media: embed?.media ?? [],
            mentions: text.mentions(handles: handles), tags: text.tags, repliesCount: counts.replies ?? 0,
            reblogsCount: counts.reposts ?? 0, favouritesCount: counts.likes ?? 0, favourited: viewer?.like != nil,
            reblogged: viewer?.repost != nil, bookmarked: viewer?.bookmarked ?? false, filtered: filters,
            quote: embed?.quote(records), card: embed?.card)
        post.muted = viewer?.threadMuted
        post.pinned = viewer?.pinned
        return post
    }

    /// The posts of a thread in reading order: the ancestors from the first, the post, then the replies
    /// depth first as the server ordered them. Missing and blocked posts are left out.
    static func thread(_ node: ThreadNode, records: ViewerRecords) throws -> MicroblogKit.Thread {
        guard case .post(let view, let parent, let replies) = node else { throw MicroblogError.notFound }
        var ancestors: [Post] = []
        var next = parent
        while case .post(let above, let grandparent, _)? = next {
            ancestors.insert(above.post(records), at: 0)
            next = grandparent
        }
        var descendants: [Post] = []
        func walk(_ nodes: [ThreadNode]) {
            for case .post(let reply, _, let below) in nodes {
                descendants.append(reply.post(records))
                walk(below)
            }
        }
        walk(replies)
        return MicroblogKit.Thread(ancestors: ancestors, post: view.post(records), descendants: descendants)
    }

    /// The kind of notification a reason is: likes are favourites, reposts boosts, replies and mentions
    /// mentions; `subscribed-post` is a post from someone the user asked to hear about.
    static func notificationKind(_ reason: String) -> NotificationKind {
        switch reason {
        case "like", "like-via-repost": .favourite
        case "repost", "repost-via-repost": .reblog
        case "follow": .follow
        case "mention", "reply": .mention
        case "quote": .quote
        case "subscribed-post": .status
        default: .unknown(reason)
        }
    }

    /// Whether a reason's post is the notification's own record (a reply, a mention) rather than the
    /// user's post it is about (a like, a repost).
    static func isAboutOwnRecord(_ reason: String) -> Bool {
        ["mention", "reply", "quote", "subscribed-post"].contains(reason)
    }
}

extension Lexicon.Notification {
    /// The address of the post the notification is about, if any.
    var postURI: String? {
        if Lexicon.isAboutOwnRecord(reason) { return uri }
        if reason == "follow" || reason == "starterpack-joined" { return nil }
        return record.subjectURI ?? reasonSubject
    }

    /// The notification as Parla's models hold it, with its post from `posts` (by address).
    func notification(posts: [String: Post]) -> MicroblogNotification {
        MicroblogNotification(
            id: uri, kind: Lexicon.notificationKind(reason), createdAt: Lexicon.date(indexedAt), account: author.account,
            post: postURI.flatMap { posts[$0] })
    }
}

extension Lexicon {
    /// A date as records write it: `2024-05-01T12:30:05.123Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
