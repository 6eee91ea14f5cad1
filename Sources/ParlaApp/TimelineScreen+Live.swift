import MicroblogKit

extension TimelineScreen {
    /// Reads the cache again after new posts came, keeping the post being read under the marker.
    ///
    /// One read at a time: posts streamed while it runs cause one more read when it ends, not one
    /// each (a burst of 1000 posts in a second reads the cache a few times, not 1000).
    func reloadFromCache(_ kind: TimelineKind, engine: any AccountEngine) {
        guard !reloading else {
            reloadAgain = true
            return
        }
        reloading = true
        app.call({ await engine.cached(kind).map(TimelineEntry.post) }, for: self, as: { .reloaded($0, kind: kind) })
    }
}
