import MicroblogKit

extension TimelineScreen {
    /// Reads the cache again after new posts or notifications came, keeping the entry being read under the marker
    /// (a thread is not cached: it stays as it is).
    ///
    /// One read at a time: posts streamed while it runs cause one more read when it ends, not one
    /// each (a burst of 1000 posts in a second reads the cache a few times, not 1000).
    func reloadFromCache() {
        if case .thread = source { return }
        guard !reloading else {
            reloadAgain = true
            return
        }
        reloading = true
        let source = self.source
        let engine = app.engine
        // Hashed where they are read, not on the main loop (``FreshEntries``).
        app.call({ FreshEntries(await TimelineScreen.cachedEntries(source, engine: engine).0) }, for: self, as: { .reloaded($0) })
    }
}
