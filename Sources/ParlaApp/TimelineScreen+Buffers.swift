import LVControls
import MicroblogKit
import SpeechKit

extension TimelineScreen {
    /// What is said on coming back to this timeline: its name and where the marker is
    /// ("Local, 12 of 40", "Local, 12 of 80, more below", "Local, Nothing here yet").
    var bufferEntry: String {
        let position = entries.isEmpty
            ? app.string("screens.timeline.empty")
            : app.string(older.moreBelow ? "screens.where.more-below" : "lv.position",
                         ["index": String(wheel.index + 1), "count": String(entries.count)])
        return app.string("buffers.entered", ["name": name, "position": position])
    }

    /// Moves to the next (`step` 1) or previous (-1) open timeline, going round; says which and
    /// where in it, then the post there.
    func moveToTimeline(step: Int) -> ScreenResponse {
        guard let (target, wrapped) = app.buffers.neighbour(of: self, step: step) else { return .none }
        guard target !== self else { return ScreenResponse([app.say(app.string("buffers.only", ["name": name]), earcon: .edge)]) }
        return target.reopen(wrapped: wrapped)
    }

    /// Older pages read at most, on opening a timeline, to find the post the user left below the cache.
    static let restorePages = 3

    /// The cached posts and where the user left the timeline: when that post is older than the cache
    /// holds, older pages are read (one request each, at the largest size, at most ``restorePages``)
    /// down to it; when it is not found, the timeline opens at the top with the cached posts.
    static func restoringPosition(_ kind: TimelineKind, cached posts: [Post], engine: any AccountEngine) async -> ([Post], Int) {
        guard let read = await engine.readPosition(kind) else { return (posts, 0) }
        if let at = posts.firstIndex(where: { $0.id == read }) { return (posts, at) }
        guard kind.pagesByPostId, var last = posts.last?.id else { return (posts, 0) }
        var loaded = posts
        var known = Set(posts.map(\.id))
        for _ in 0..<restorePages {
            guard let page = try? await engine.page(kind, PageRequest(maxId: last)) else { break }
            let added = page.items.filter { known.insert($0.id).inserted }
            loaded += added
            if let at = loaded.firstIndex(where: { $0.id == read }) { return (loaded, at) }
            guard let next = added.last?.id, page.older != nil else { break }
            last = next
        }
        return (posts, 0)
    }

    /// Shows this open timeline again where the user left it (home alone, or over home), in the
    /// language and reading settings now, reading the cache again for what came while it was away;
    /// `wrapped`: the move went round the end (edge sound).
    func reopen(wrapped: Bool = false) -> ScreenResponse {
        relocalize()
        if case .timeline(let kind, _) = source { reloadFromCache(kind, engine: app.engine) }
        return ScreenResponse(wrapped ? [.play(.edge)] : [], navigation: .restack(app.buffers.stack(showing: self), entry: bufferEntry))
    }
}
