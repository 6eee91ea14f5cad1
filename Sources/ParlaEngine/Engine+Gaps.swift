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

/// One page of a gapped list: posts or notifications, newest first, with the network's cursors around it.
struct GappedPage {
    enum Items {
        case posts([Post])
        case notifications([MicroblogNotification])
    }

    var items: Items
    /// The request for the page just older (nil at the end).
    var older: PageRequest?
    /// The request for the page just newer.
    var newer: PageRequest?

    var ids: [String] {
        switch items {
        case .posts(let posts): posts.map(\.id)
        case .notifications(let notifications): notifications.map(\.id)
        }
    }

    var count: Int { ids.count }

    /// The page's first items, down to (not with) the first that `stop` picks.
    func prefix(until stop: (String) throws -> Bool) rethrows -> GappedPage {
        var page = self
        switch items {
        case .posts(let posts):
            var kept: [Post] = []
            for post in posts { if try stop(post.id) { break } else { kept.append(post) } }
            page.items = .posts(kept)
        case .notifications(let notifications):
            var kept: [MicroblogNotification] = []
            for notification in notifications { if try stop(notification.id) { break } else { kept.append(notification) } }
            page.items = .notifications(kept)
        }
        return page
    }
}

/// What a catch-up brought: how many items were new to the cache, the notifications among them (oldest
/// first, to be told one by one as they happened), and whether a gap was left between them and the cached ones.
struct CatchUp {
    var added = 0
    var notifications: [MicroblogNotification] = []
    var gap = false

    /// Adds what a newer page brought.
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

    /// One page of a list from the server.
    func fetch(_ list: GappedList, _ request: PageRequest) async throws -> GappedPage {
        switch list {
        case .posts(let kind):
            let page = try await reach { try await service.timeline(kind, page: request) }
            return GappedPage(items: .posts(page.items), older: page.older, newer: page.newer)
        case .notifications:
            let page = try await reach { try await service.notifications(page: request, kinds: nil) }
            return GappedPage(items: .notifications(page.items), older: page.older, newer: page.newer)
        }
    }

    /// The network's request for the page just below an item, for a cache that kept no cursor there.
    func request(below id: String, in list: GappedList) -> PageRequest? {
        switch list {
        case .posts(let kind): service.pageRequest(olderThan: id, in: kind)
        case .notifications: service.notificationsPageRequest(olderThan: id)
        }
    }

    /// Caches a page of a list in the server's order; the user's own posts are cached but not counted as new.
    func keep(_ page: GappedPage, in list: GappedList, at placement: Placement) throws -> CatchUp {
        switch page.items {
        case .posts(let posts):
            let placed = Set(try cache.insert(posts, into: list.key, at: placement))
            let me = myAccount?.id
            return CatchUp(added: posts.filter { placed.contains($0.id) && $0.account.id != me }.count)
        case .notifications(let notifications):
            let placed = Set(try cache.insert(notifications, at: placement))
            let new = notifications.filter { placed.contains($0.id) }
            return CatchUp(added: new.count, notifications: new.reversed())
        }
    }

    /// Fetches what is newer than the cache without leaving a hole: the page just above the newest page
    /// read (its `newer` cursor, kept in the cache). When that page is full there is more: the newest page
    /// is fetched too, and if none of it was cached, a gap is recorded below it with its `older` cursor
    /// (filled by ``fillGap(_:gapId:askedByUser:)``). Pages go into the cache in the server's order.
    func catchUp(_ list: GappedList) async throws -> CatchUp {
        let size = pageSize(list)
        let cursors = try cache.cursors(list.key)
        var result = CatchUp()
        if let newer = cursors.newer {
            let above = try await fetch(list, PageRequest(cursor: newer, limit: size))
            result = try keep(above, in: list, at: .top)
            if let next = above.newer?.cursor { try cache.setNewerCursor(next, for: list.key) }
            guard above.count >= size else { return result }
        }
        let top = try cache.newestId(list.key)
        let latest = try await fetch(list, PageRequest(limit: size))
        let overlaps = try latest.ids.contains { try cache.contains($0, in: list.key) }
        var fresh = try keep(latest, in: list, at: .top)
        if cursors.newer == nil, let top {
            // Home may hold only the user's own posts (sent before it was first read), or the cache was kept
            // before cursors were: only what the server puts above the newest cached item is told as new
            // (a first reading tells nothing).
            let above = Set(latest.ids.prefix { $0 != top })
            fresh.added = min(fresh.added, above.count)
            fresh.notifications = fresh.notifications.filter { above.contains($0.id) }
        }
        result.add(fresh)
        if let next = latest.newer?.cursor { try cache.setNewerCursor(next, for: list.key) }
        if top == nil { try cache.setOlderCursor(latest.older?.cursor, for: list.key) }
        guard let top, !overlaps, latest.count >= size, let below = latest.older, let bottom = latest.ids.last else { return result }
        try cache.addGap(timeline: list.key, newerId: bottom, olderId: top, cursor: below.cursor)
        result.gap = true
        return result
    }

    /// Fetches the page below the oldest cached item of a list and puts it at the bottom, keeping the
    /// cursor it gives for the page after it; returns how many items came.
    func loadOlder(_ list: GappedList) async throws -> Int {
        guard let oldest = try cache.oldestId(list.key),
              var request = try cache.cursors(list.key).older.map({ PageRequest(cursor: $0) }) ?? self.request(below: oldest, in: list)
        else { return 0 }
        request.limit = pageSize(list)
        let page = try await fetch(list, request)
        let placed = switch page.items {
        case .posts(let posts): try cache.insert(posts, into: list.key, at: .bottom)
        case .notifications(let notifications): try cache.insert(notifications, at: .bottom)
        }
        try cache.setOlderCursor(page.older?.cursor, for: list.key)
        return placed.count
    }

    /// Loads one page of a gap, from its newer edge down: the page's items down to the first one cached
    /// go in under the gap's upper edge; when one was cached (or the list ended) the gap is closed.
    ///
    /// - Parameters:
    ///   - askedByUser: false when the engine fills gaps on its own; those requests go at background priority.
    /// - Returns: how many items came and whether part of the gap remains.
    func fillGap(_ list: GappedList, gapId: Int64, askedByUser: Bool = true) async throws -> RefreshResult {
        guard let gap = try cache.gap(id: gapId), gap.timeline == list.key else { return RefreshResult(newCount: 0, gap: false) }
        let size = pageSize(list)
        let cursor = gap.cursor.map { PageRequest(cursor: $0) } ?? request(below: gap.newerId, in: list)
        guard try cache.contains(gap.newerId, in: list.key), var request = cursor else {
            try cache.removeGap(id: gap.id)
            return RefreshResult(newCount: 0, gap: false)
        }
        request.limit = size
        let page = try await RequestPriority.$current.withValue(askedByUser ? .user : .background) { [request] in
            try await self.fetch(list, request)
        }
        let inside = try page.prefix { try cache.contains($0, in: list.key) }
        let added = try keep(inside, in: list, at: .below(gap.newerId)).added
        guard inside.count == page.count, page.count >= size, let below = page.older, let lowest = inside.ids.last else {
            try cache.removeGap(id: gap.id)
            return RefreshResult(newCount: added, gap: false)
        }
        try cache.narrowGap(id: gap.id, newerId: lowest, cursor: below.cursor)
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
