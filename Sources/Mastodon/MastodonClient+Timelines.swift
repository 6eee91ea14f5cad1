import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    /// The largest page Mastodon serves of posts.
    public static let statusPageLimit = 40
    /// The largest page Mastodon serves of accounts and notifications.
    public static let accountPageLimit = 80

    public func timeline(_ kind: TimelineKind, page: PageRequest) async throws -> Page<Post> {
        switch kind {
        case .mentions:
            let notifications = try await notifications(page: page, kinds: [.mention])
            return Page(items: notifications.items.compactMap(\.post), older: notifications.older, newer: notifications.newer)
        case .direct: return try await conversations(page: page)
        case .home: return try await posts(API.Timelines.home(), page: page)
        case .local: return try await posts(API.Timelines.publicTimeline(query: [("local", "true")]), page: page)
        case .federated: return try await posts(API.Timelines.publicTimeline(), page: page)
        case .hashtag(let tag): return try await posts(API.Timelines.tag(hashtag: tag), page: page)
        case .list(let id): return try await posts(API.Timelines.list(id: id), page: page)
        case .bookmarks: return try await posts(API.Timelines.bookmarks(), page: page)
        case .favourites: return try await posts(API.Timelines.favourites(), page: page)
        case .user(let id): return try await posts(API.Accounts.statuses(id: id), page: page)
        case .link(let url): return try await posts(API.Timelines.link(query: [("url", url)]), page: page)
        // Custom feeds, and any timeline Mastodon has not got: refused naming what it lacks.
        default: throw unavailable(reading: kind)
        }
    }

    /// Home, the public timelines, hashtags, lists, a user's posts and links page by their posts' ids
    /// (`max_id`); mentions, direct messages, bookmarks and favourites by ids of their own, found only in
    /// the `next` links.
    public func pageRequest(olderThan postId: String, in kind: TimelineKind) -> PageRequest? {
        switch kind {
        case .mentions, .direct, .bookmarks, .favourites: nil
        default: .mastodon(maxId: postId)
        }
    }

    /// Notifications page by their ids (`max_id`).
    public func notificationsPageRequest(olderThan notificationId: String) -> PageRequest? {
        .mastodon(maxId: notificationId)
    }

    /// Markers hold post and notification ids, ordered as Mastodon orders them.
    public func readPosition(_ id: String, isPast other: String) -> Bool {
        MastodonID.isNewer(id, than: other)
    }

    /// A page of posts from a timeline endpoint (with its fixed parameters) and the paging ones.
    func posts(_ endpoint: Endpoint<[Lenient<MastodonEntities.Status>]>, page: PageRequest) async throws -> Page<Post> {
        var endpoint = endpoint
        endpoint.query += Self.paging(page, defaultLimit: Self.statusPageLimit)
        let (items, response) = try await get(endpoint)
        let posts = items.decoded().compactMap { $0.toModel() }
        var result = Self.page(posts, response, request: page, id: \.id)
        result.unreadable = items.count - posts.count
        return result
    }

    /// A page of notifications: all of them as the server groups them (`/api/v2/notifications`, Mastodon 4.3+)
    /// where it offers that, else one by one (`/api/v1/notifications`, grouped by Parla); some kinds only
    /// always one by one. A server that answers v2 with 404 is asked v1 for the rest of the session.
    public func notifications(page: PageRequest, kinds: Set<NotificationKind>?) async throws -> Page<MicroblogNotification> {
        if kinds == nil, !groupedNotificationsMissing.current {
            do {
                return try await groupedNotifications(page: page)
            } catch MicroblogError.notFound {
                groupedNotificationsMissing.current = true
            }
        }
        var query = Self.paging(page, defaultLimit: Self.accountPageLimit)
        for kind in (kinds ?? []).map(\.rawValue).sorted() { query.append(("types[]", kind)) }
        let (items, response) = try await get(API.Notifications.all(query: query))
        return Self.page(items.decoded().compactMap { $0.toModel() }, response, request: page, id: \.id)
    }

    /// Direct messages: the last post of each conversation; those whose last post was deleted come as
    /// ``Page/postless``, with the people in them.
    func conversations(page: PageRequest) async throws -> Page<Post> {
        let query = Self.paging(page, defaultLimit: Self.statusPageLimit)
        let (items, response) = try await get(API.Timelines.conversations(query: query))
        let conversations = items.decoded()
        var posts: [Post] = [], postless: [PostlessConversation] = []
        for conversation in conversations {
            if let status = conversation.lastStatus {
                if let post = status.toModel() { posts.append(post) }
            } else if let id = conversation.id {
                postless.append(PostlessConversation(id: id, accounts: (conversation.accounts ?? []).decoded().compactMap { $0.toModel() }))
            }
        }
        var result = Self.page(posts, response, request: page, id: \.id)
        result.unreadable = items.count - posts.count - postless.count
        result.postless = postless
        return result
    }

    /// `max_id`, `since_id`, `min_id` (from the request's cursor) and `limit` (the largest page when the
    /// request names none).
    static func paging(_ page: PageRequest, defaultLimit: Int) -> Parameters {
        var query: Parameters = []
        if let maxId = page.maxId { query.append(("max_id", maxId)) }
        if let sinceId = page.sinceId { query.append(("since_id", sinceId)) }
        if let minId = page.minId { query.append(("min_id", minId)) }
        query.append(("limit", String(min(max(page.limit ?? defaultLimit, 1), defaultLimit))))
        return query
    }

    /// A page with the requests of the pages around it from the `Link` header.
    ///
    /// A server may repeat an item or point its `next` link at the page just read: each id is kept once,
    /// and a link that does not move on (the same request again) ends the paging.
    static func page<Item>(_ items: [Item], _ response: HTTPResponse, request: PageRequest, id: (Item) -> String) -> Page<Item> {
        let links = LinkHeader(response.headerValues("Link"))
        var seen = Set<String>()
        let unique = items.filter { seen.insert(id($0)).inserted }
        var older = unique.isEmpty ? nil : links.older
        if let next = older, Self.sameSlice(next, request) { older = nil }
        var newer = links.newer
        if let previous = newer, Self.sameSlice(previous, request) { newer = nil }
        return Page(items: unique, older: older, newer: newer)
    }

    /// Whether two requests ask for the same slice (whatever their page sizes).
    static func sameSlice(_ a: PageRequest, _ b: PageRequest) -> Bool {
        a.cursor == b.cursor
    }
}
