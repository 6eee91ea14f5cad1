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

    /// Shows this open timeline again where the user left it (home alone, or over home), in the
    /// language and reading settings now, reading the cache again for what came while it was away;
    /// `wrapped`: the move went round the end (edge sound).
    func reopen(wrapped: Bool = false) -> ScreenResponse {
        relocalize()
        if case .timeline(let kind, _) = source { reloadFromCache(kind, engine: app.engine) }
        return ScreenResponse(wrapped ? [.play(.edge)] : [], navigation: .restack(app.buffers.stack(showing: self), entry: bufferEntry))
    }
}
