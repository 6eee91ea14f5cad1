import MicroblogKit

extension TimelineScreen {
    /// What the cache holds for an open timeline, at the entry the user left (no network: an empty cache
    /// gives an empty timeline, filled by its refresh).
    static func cachedEntries(_ source: TimelineSource, engine: any AccountEngine) async -> ([TimelineEntry], Int) {
        switch source {
        case .timeline(let kind, _):
            let posts = await engine.cached(kind)
            let read = await engine.readPosition(kind)
            return (posts.map(TimelineEntry.post), read.flatMap { id in posts.firstIndex { $0.id == id } } ?? 0)
        case .notifications:
            let entries = TimelineEntry.notifications(await engine.cachedNotifications())
            let read = await engine.notificationsReadPosition()
            return (entries, read.flatMap { id in entries.firstIndex { $0.ids.contains(id) } } ?? 0)
        case .thread:
            return ([], 0)
        }
    }
}
