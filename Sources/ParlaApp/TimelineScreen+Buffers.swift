import LVControls
import MicroblogKit
import SpeechKit

extension TimelineScreen {
    /// What is said on coming back to this timeline: its name and where the marker is
    /// ("Local, 12 of 40", "Local, 12 of 80, more below", "Local, Nothing here yet").
    var bufferEntry: String { app.string("buffers.entered", ["name": spokenName, "position": positionSaid]) }

    /// What is said on arriving in another account on this timeline, kept open there the last time:
    /// its title, with the account, and where the marker is ("Local · ana, 3 of 5").
    var accountEntry: String { app.string("buffers.entered", ["name": spokenTitle ?? title, "position": positionSaid]) }

    private var positionSaid: String {
        entries.isEmpty
            ? app.string("screens.timeline.empty")
            : app.string(older.moreBelow ? "screens.where.more-below" : "lv.position",
                         ["index": String(wheel.index + 1), "count": String(entries.count)])
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

    /// A timeline as opened from Go to: its entries, where the user left it, and whether older pages
    /// were read to find that place (and the request for the page after them).
    struct Opened: Sendable {
        var entries: [TimelineEntry]
        var index: Int
        var pagedBelowCache = false
        var next: PageRequest?
    }

    /// Loads a timeline to open it where the user left it: from the cache, and when that post is
    /// older than the cache holds, older pages (one request each, at the largest size, at most
    /// ``restorePages``) down to it; when it is not found, the timeline opens at the top of the cache.
    static func fetchRestoring(_ source: TimelineSource, engine: any AccountEngine) async throws -> Opened {
        let (entries, index) = try await fetch(source, engine: engine)
        guard case .timeline(let kind, _) = source, index == 0, let read = await engine.readPosition(kind),
              entries.first?.id != read, let last = entries.last?.id, var request = await engine.pageRequest(olderThan: last, in: kind) else {
            return Opened(entries: entries, index: index)
        }
        var loaded = entries
        var known = Set(entries.map(\.id))
        for _ in 0..<restorePages {
            guard let page = try? await engine.page(kind, request) else { break }
            let added = page.items.map(TimelineEntry.post).filter { known.insert($0.id).inserted }
            loaded += added
            if let at = loaded.firstIndex(where: { $0.id == read }) {
                return Opened(entries: loaded, index: at, pagedBelowCache: true, next: page.older)
            }
            guard !added.isEmpty, let next = page.older else { break }
            request = next
        }
        return Opened(entries: entries, index: index)
    }

    /// The screen of a timeline loaded by ``fetchRestoring(_:engine:)``: older pages read on opening
    /// count as paged (they stay below the cache's posts when it is read again, and paging goes on after them).
    static func opened(app: AppContext, source: TimelineSource, _ opened: Opened) -> TimelineScreen {
        let screen = TimelineScreen(app: app, source: source, entries: opened.entries, index: opened.index)
        screen.showPaged(opened)
        return screen
    }

    /// Shows a timeline loaded by ``fetchRestoring(_:engine:)`` when it read older pages to find the place.
    func showPaged(_ opened: Opened) {
        guard opened.pagedBelowCache else { return }
        older.arrived(more: opened.next != nil, added: true)
        older.next = opened.next
        setEntries(opened.entries, index: opened.index)
    }

    /// A timeline brought back from the cache on start whose place is older than the cache holds: older pages
    /// are read to find it (as opening it from Go to does), and the marker moves there if the user has not moved.
    func findPlaceBelowCache() {
        guard !entries.isEmpty, wheel.index == 0 else { return }
        let engine = app.engine
        let source = self.source
        app.call({ try await TimelineScreen.fetchRestoring(source, engine: engine) }, for: self, as: { .placeFound($0) })
    }

    /// The place looked for below the cache: shown and read when it was found and the marker is still at the top.
    func receivePlace(_ result: Result<Opened, MicroblogError>) -> ScreenResponse {
        guard case .success(let opened) = result, opened.pagedBelowCache, wheel.index == 0 else { return .none }
        showPaged(opened)
        app.request(.readIfFocused(wheel))
        return .none
    }

    /// Shows this open timeline again where the user left it (home alone, or over home), in the
    /// language and reading settings now, reading the cache again for what came while it was away;
    /// `wrapped`: the move went round the end (edge sound).
    func reopen(wrapped: Bool = false) -> ScreenResponse {
        relocalize()
        reloadFromCache()
        return ScreenResponse(wrapped ? [.play(.edge)] : [], navigation: .restack(app.buffers.stack(showing: self), entry: bufferEntry))
    }
}
