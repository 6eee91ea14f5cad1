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
        app.background({ await engine.cached(kind).map(TimelineEntry.post) }, done: { [weak self] result in
            guard let self else { return .none }
            self.reloading = false
            if case .success(let fresh) = result { self.reload(fresh) }
            if self.reloadAgain {
                self.reloadAgain = false
                self.reloadFromCache(kind, engine: engine)
            }
            return .none
        })
    }
}
