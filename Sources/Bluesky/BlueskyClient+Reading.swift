import Foundation
import MicroblogKit
import ServiceHTTP

extension BlueskyClient {
    /// What a person's posts are filtered to (`app.bsky.feed.getAuthorFeed`'s `filter`).
    public enum AuthorFeedFilter: String, Sendable, CaseIterable {
        case withReplies = "posts_with_replies"
        case withoutReplies = "posts_no_replies"
        case mediaOnly = "posts_with_media"
    }

    /// A custom feed or list the user saved (`app.bsky.actor.getPreferences`), to read as a timeline.
    public struct SavedFeed: Hashable, Sendable {
        /// The feed's or list's `at://` address.
        public var uri: String
        /// Its name as its creator gave it.
        public var name: String
        /// Whether it is a list rather than a custom feed.
        public var isList: Bool
        /// Whether the user pinned it.
        public var pinned: Bool
    }

    /// The largest page, or the one asked for.
    func limit(_ page: PageRequest) -> String {
        String(min(max(page.limit ?? Self.pageLimit, 1), Self.pageLimit))
    }

    /// The next page's request from the server's cursor.
    func older(_ cursor: String?, _ page: PageRequest) -> PageRequest? {
        guard let cursor, !cursor.isEmpty else { return nil }
        return PageRequest(cursor: cursor, limit: page.limit)
    }

    /// A feed page as posts.
    func posts(_ nsid: String, _ parameters: [(String, String?)], page: PageRequest) async throws -> Page<Post> {
        let answer = try await get(nsid, parameters + [("limit", limit(page)), ("cursor", page.cursor)], as: Lexicon.FeedPage.self)
        return Page(items: answer.feed.map { $0.post(records) }, older: older(answer.cursor, page))
    }

    /// The user's DID.
    var me: String {
        get async { await keeper.session.did }
    }

    public func instance() async throws -> InstanceInfo {
        let service = await keeper.session.service
        var info = InstanceInfo(
            domain: URL(string: service)?.host ?? service, title: "Bluesky", version: "atproto", maxCharacters: BlueskyPostText.maxGraphemes,
            maxMediaAttachments: BlueskyPostText.maxImages, maxPollOptions: 0)
        info.supportedMimeTypes = ["image/jpeg", "image/png", "image/webp", "image/gif"]
        info.imageSizeLimit = BlueskyPostText.maxImageBytes
        info.descriptionLimit = BlueskyPostText.maxAltGraphemes
        info.network = .bluesky
        return info
    }

    public func currentAccount() async throws -> Account {
        try await account(id: await me)
    }

    public func timeline(_ kind: TimelineKind, page: PageRequest) async throws -> Page<Post> {
        switch kind {
        case .home: return try await posts("app.bsky.feed.getTimeline", [], page: page)
        case .user(let actor): return try await authorFeed(actor: actor, filter: .withReplies, page: page)
        case .list(let uri): return try await posts("app.bsky.feed.getListFeed", [("list", uri)], page: page)
        case .favourites: return try await posts("app.bsky.feed.getActorLikes", [("actor", await me)], page: page)
        case .hashtag(let tag): return try await searchPosts("#" + tag, page: page)
        case .link(let url): return try await searchPosts(url, page: page)
        case .mentions: return try await mentions(page: page)
        case .bookmarks: return try await bookmarks(page: page)
        case .feed(let uri): return try await feed(uri: uri, page: page)
        case .local: throw MicroblogError.notSupported(feature: TimelineKind.local.key)
        case .federated: throw MicroblogError.notSupported(feature: TimelineKind.federated.key)
        case .direct: throw MicroblogError.notSupported(feature: TimelineKind.direct.key)
        }
    }

    /// A person's posts: with or without their replies, or only those with media.
    public func authorFeed(actor: String, filter: AuthorFeedFilter, page: PageRequest) async throws -> Page<Post> {
        try await posts("app.bsky.feed.getAuthorFeed", [("actor", actor), ("filter", filter.rawValue)], page: page)
    }

    /// A custom feed (`app.bsky.feed.getFeed`) by its `at://` address.
    public func feed(uri: String, page: PageRequest) async throws -> Page<Post> {
        try await posts("app.bsky.feed.getFeed", [("feed", uri)], page: page)
    }

    /// The custom feeds the user saved, pinned first, with their names (the lists saved beside them are read as
    /// lists).
    public func customFeeds() async throws -> [CustomFeed] {
        try await savedFeeds(lists: false).map { CustomFeed(id: $0.uri, name: $0.name) }
    }

    /// The custom feeds and lists the user saved (only the feeds when `lists` is false), pinned first, with
    /// their names.
    public func savedFeeds(lists: Bool = true) async throws -> [SavedFeed] {
        let saved = try await get("app.bsky.actor.getPreferences", as: Lexicon.Preferences.self).savedFeeds
            .filter { $0.type == "feed" || (lists && $0.type == "list") }
        let feeds = saved.filter { $0.type == "feed" }.map(\.value)
        var names: [String: String] = [:]
        for start in stride(from: 0, to: feeds.count, by: 25) {
            let chunk = feeds[start..<min(start + 25, feeds.count)]
            let answer = try await get("app.bsky.feed.getFeedGenerators", chunk.map { ("feeds", $0 as String?) }, as: Lexicon.GeneratorsAnswer.self)
            for generator in answer.feeds { names[generator.uri] = generator.displayName }
        }
        if saved.contains(where: { $0.type == "list" }) {
            for list in try await self.lists() { names[list.id] = list.title }
        }
        return saved.sorted { ($0.pinned ?? false) && !($1.pinned ?? false) }.map { item in
            SavedFeed(uri: item.value, name: names[item.value] ?? Lexicon.recordKey(item.value), isList: item.type == "list", pinned: item.pinned ?? false)
        }
    }

    /// Posts matching a query, newest first.
    func searchPosts(_ query: String, page: PageRequest) async throws -> Page<Post> {
        let answer = try await get(
            "app.bsky.feed.searchPosts", [("q", query), ("sort", "latest"), ("limit", limit(page)), ("cursor", page.cursor)],
            as: Lexicon.PostsPage.self)
        return Page(items: answer.posts.map { $0.post(records) }, older: older(answer.cursor, page))
    }

    /// Replies and mentions of the user, as posts.
    func mentions(page: PageRequest) async throws -> Page<Post> {
        let answer = try await get(
            "app.bsky.notification.listNotifications",
            [("reasons", "mention"), ("reasons", "reply"), ("limit", limit(page)), ("cursor", page.cursor)],
            as: Lexicon.NotificationsPage.self)
        let wanted = answer.notifications.filter { $0.reason == "mention" || $0.reason == "reply" }
        let posts = try await postsByURI(wanted.map(\.uri))
        return Page(items: wanted.compactMap { posts[$0.uri] }, older: older(answer.cursor, page))
    }

    /// The posts the user saved (`app.bsky.bookmark.getBookmarks`; servers before bookmarks say they lack it).
    func bookmarks(page: PageRequest) async throws -> Page<Post> {
        struct Bookmark: Decodable { var item: Lexicon.MaybePost }
        struct Answer: Decodable {
            var cursor: String?
            var bookmarks: [Bookmark]
        }
        let answer = try await get("app.bsky.bookmark.getBookmarks", [("limit", limit(page)), ("cursor", page.cursor)], as: Answer.self)
        return Page(items: answer.bookmarks.compactMap { $0.item.post?.post(records) }, older: older(answer.cursor, page))
    }

    /// Posts by address (`app.bsky.feed.getPosts`, 25 at a time); those the server no longer has are missing.
    func postsByURI(_ uris: [String]) async throws -> [String: Post] {
        var unique: [String] = []
        for uri in uris where !unique.contains(uri) { unique.append(uri) }
        var result: [String: Post] = [:]
        for start in stride(from: 0, to: unique.count, by: 25) {
            let chunk = unique[start..<min(start + 25, unique.count)]
            let answer = try await get("app.bsky.feed.getPosts", chunk.map { ("uris", $0 as String?) }, as: Lexicon.PostsPage.self)
            for view in answer.posts { result[view.uri] = view.post(records) }
        }
        return result
    }

    /// One post's view (for its cid and its viewer's records).
    func postView(_ uri: String) async throws -> Lexicon.PostView {
        let answer = try await get("app.bsky.feed.getPosts", [("uris", uri)], as: Lexicon.PostsPage.self)
        guard let view = answer.posts.first else { throw MicroblogError.notFound }
        _ = view.post(records)
        return view
    }

    public func notifications(page: PageRequest, kinds: Set<NotificationKind>?) async throws -> Page<MicroblogNotification> {
        let answer = try await get(
            "app.bsky.notification.listNotifications", [("limit", limit(page)), ("cursor", page.cursor)], as: Lexicon.NotificationsPage.self)
        let wanted = answer.notifications.filter { kinds?.contains(Lexicon.notificationKind($0.reason)) ?? true }
        let posts = try await postsByURI(wanted.compactMap(\.postURI))
        let items = NotificationGrouping.grouped(wanted.map { $0.notification(posts: posts) })
        return Page(items: items, older: older(answer.cursor, page))
    }

    public func post(id: String) async throws -> Post {
        try await postView(id).post(records)
    }

    public func thread(id: String) async throws -> MicroblogKit.Thread {
        let answer = try await get(
            "app.bsky.feed.getPostThread", [("uri", id), ("depth", "100"), ("parentHeight", "100")], as: Lexicon.ThreadAnswer.self)
        return try Lexicon.thread(answer.thread, records: records)
    }

    /// Posts quoting a post (`app.bsky.feed.getQuotes`).
    public func quotes(postId: String, page: PageRequest) async throws -> Page<Post> {
        let answer = try await get(
            "app.bsky.feed.getQuotes", [("uri", postId), ("limit", limit(page)), ("cursor", page.cursor)], as: Lexicon.PostsPage.self)
        return Page(items: answer.posts.map { $0.post(records) }, older: older(answer.cursor, page))
    }

    /// The saved reading position of notifications: when the user last saw them (`seenAt`).
    public func markers() async throws -> [String: ReadMarker] {
        let answer = try await get("app.bsky.notification.listNotifications", [("limit", "1")], as: Lexicon.NotificationsPage.self)
        guard let seenAt = answer.seenAt else { return [:] }
        return ["notifications": ReadMarker(lastReadId: seenAt, updatedAt: ISODate.parse(seenAt))]
    }

    /// Saves notifications as seen (`app.bsky.notification.updateSeen`); `lastReadId` is a notification's
    /// address or a date. Bluesky keeps no reading position for timelines: that is said as not offered.
    public func saveMarker(timeline: String, lastReadId: String) async throws {
        guard timeline == "notifications" else { throw MicroblogError.notSupported(feature: "timeline-positions") }
        struct Seen: Encodable { var seenAt: String }
        let date = ISODate.parse(lastReadId) ?? budget.now()
        try await perform("app.bsky.notification.updateSeen", Seen(seenAt: Lexicon.timestamp(date)))
    }
}
