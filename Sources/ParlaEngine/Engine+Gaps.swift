import Foundation
import MicroblogKit
import ParlaBase

/// A list the engine keeps newest first in the cache and catches up on without leaving a hole: a
/// timeline of posts, or the notifications. Both find a gap the same way after being away and fill it
/// the same way.
public enum GappedList: Sendable, Hashable {
    case posts(TimelineKind)
    case notifications

    /// The key of its gaps and events: the timeline's `TimelineKind.key`, or `notifications`.
    public var key: String {
        switch self {
        case .posts(let kind): kind.key
        case .notifications: Engine.notificationsTimeline
        }
    }
}

/// What one page of a gapped list brought: posts or notifications, newest first.
enum GappedItems {
    case posts([Post])
    case notifications([MicroblogNotification])

    var ids: [String] {
        switch self {
        case .posts(let posts): posts.map(\.id)
        case .notifications(let notifications): notifications.map(\.id)
        }
    }

    var count: Int { ids.count }

    /// Only the items whose id passes `test`.
    func filter(_ test: (String) -> Bool) -> GappedItems {
        switch self {
        case .posts(let posts): .posts(posts.filter { test($0.id) })
        case .notifications(let notifications): .notifications(notifications.filter { test($0.id) })
        }
    }
}

/// What a catch-up brought: how many items were new to the cache, the notifications among them (to be
/// told one by one), and whether a gap was left between them and the cached ones.
struct CatchUp {
    var added = 0
    var notifications: [MicroblogNotification] = []
    var gap = false

    mutating func add(_ other: CatchUp) {
        added += other.added
        notifications += other.notifications
    }
}

extension Engine {
    /// The page size of a list: the largest the server gives.
    func pageSize(_ list: GappedList) -> Int {
        switch list {
        case .posts: configuration.pageSize
        case .notifications: configuration.notificationPageSize
        }
    }

    /// The newest id the cache holds for a list, where catching up starts. In home, the user's own posts
    /// do not count: the outbox puts each there as it is sent, which says nothing of what others posted
    /// before it (sent after a time offline, it would hide all of that from the catch-up).
    func newestCachedId(_ list: GappedList) async throws -> String? {
        switch list {
        case .posts(.home):
            var own = myAccount?.id
            if own == nil { own = await outboxStore.sentByAccountId }
            return try own.map { try cache.newestId(TimelineKind.home.key, notBy: $0) } ?? cache.newestId(TimelineKind.home.key)
        case .posts(let kind): return try cache.newestId(kind.key)
        case .notifications: return try cache.notificationBounds().newest
        }
    }

    /// One page of a list from the server.
    func fetch(_ list: GappedList, _ request: PageRequest) async throws -> GappedItems {
        switch list {
        case .posts(let kind): .posts(try await reach { try await service.timeline(kind, page: request) }.items)
        case .notifications: .notifications(try await reach { try await service.notifications(page: request, kinds: nil) }.items)
        }
    }

    /// Caches items of a list; the user's own posts are cached but not counted as new.
    func keep(_ items: GappedItems, in list: GappedList) throws -> CatchUp {
        switch items {
        case .posts(let posts): CatchUp(added: try insertNews(posts, into: list.key))
        case .notifications(let notifications): CatchUp(added: try cache.insert(notifications), notifications: notifications)
        }
    }

    /// Fetches what is newer than the newest cached item, without leaving a hole: the page immediately
    /// above it (`min_id`). When that page is full there is more: the newest page is fetched too, and if it
    /// does not reach down to the first, a gap is recorded between them (filled by ``fillGap(_:gapId:askedByUser:)``).
    func catchUp(_ list: GappedList) async throws -> CatchUp {
        let size = pageSize(list)
        guard let newest = try await newestCachedId(list) else {
            // Home may hold only the user's own posts (sent before it was first read): the page is kept whole,
            // and what others posted before them is not told as new (a first reading tells nothing), only what
            // came after the newest of them.
            let ownNewest: String? = if case .posts = list { try cache.newestId(list.key) } else { nil }
            let page = try await fetch(list, PageRequest(limit: size))
            var result = try keep(page, in: list)
            if let ownNewest { result.added = min(result.added, page.filter { ServerID.isNewer($0, than: ownNewest) }.count) }
            return result
        }
        let above = try await fetch(list, PageRequest(minId: newest, limit: size))
        let fresh = above.filter { ServerID.isNewer($0, than: newest) }
        var result = try keep(fresh, in: list)
        guard above.count >= size, let top = ServerID.newest(fresh.ids) else { return result }
        let latest = try await fetch(list, PageRequest(sinceId: top, limit: size))
        let newer = latest.filter { ServerID.isNewer($0, than: top) }
        result.add(try keep(newer, in: list))
        guard latest.count >= size, let bottom = ServerID.oldest(newer.ids) else { return result }
        try cache.addGap(timeline: list.key, newerId: bottom, olderId: top)
        result.gap = true
        return result
    }

    /// Loads one page of a gap, from its newer edge down.
    ///
    /// - Parameters:
    ///   - askedByUser: false when the engine fills gaps on its own; those requests go at background priority.
    /// - Returns: how many items came and whether part of the gap remains.
    func fillGap(_ list: GappedList, gapId: Int64, askedByUser: Bool = true) async throws -> RefreshResult {
        guard let gap = try cache.gap(id: gapId), gap.timeline == list.key else { return RefreshResult(newCount: 0, gap: false) }
        let request = PageRequest(maxId: gap.newerId, sinceId: gap.olderId, limit: pageSize(list))
        let page = try await RequestPriority.$current.withValue(askedByUser ? .user : .background) {
            try await self.fetch(list, request)
        }
        let inside = page.filter { ServerID.isNewer(gap.newerId, than: $0) && ServerID.isNewer($0, than: gap.olderId) }
        let added = try keep(inside, in: list).added
        guard page.count >= pageSize(list), let lowest = ServerID.oldest(inside.ids) else {
            try cache.removeGap(id: gap.id)
            return RefreshResult(newCount: added, gap: false)
        }
        try cache.narrowGap(id: gap.id, newerId: lowest)
        return RefreshResult(newCount: added, gap: true)
    }

    /// Fills the gaps of a list page by page at background priority (at most
    /// ``Configuration/gapFillPages`` pages in one go, so a week away does not spend the budget at once), and
    /// says what came with one `gapFilled` event; what remains is filled on the next round of polling.
    func fillGaps(_ list: GappedList) async {
        var count = 0
        var pages = 0
        while pages < configuration.gapFillPages, let gap = try? cache.gaps(list.key).first {
            guard let result = try? await fillGap(list, gapId: gap.id, askedByUser: false) else { break }
            pages += 1
            count += result.newCount
        }
        guard pages > 0 else { return }
        emit(.gapFilled(timeline: list.key, count: count, complete: (try? cache.gaps(list.key).isEmpty) ?? false))
    }
}
