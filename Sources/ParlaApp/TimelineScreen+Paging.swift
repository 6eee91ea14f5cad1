import LVControls
import MicroblogKit

extension TimelineScreen {
    /// Whether this wheel has older pages on the server (a thread is whole).
    var pages: Bool {
        if case .thread = source { return false }
        return true
    }

    /// Asks for the next older page when the marker came within a few items of the loaded end.
    func loadOlderIfNear() {
        guard pages, older.startIfNear(index: wheel.index, count: entries.count) else { return }
        requestOlder()
    }

    /// Down at the loaded end while more may follow: the page is asked for (unless on its way), the
    /// marker moves on when it arrives, and "loading" is said once.
    func movedPastEnd() -> ScreenResponse {
        guard pages else { return .none }
        let (request, sayLoading) = older.userWaits()
        if request { requestOlder() }
        updateWhere()
        return sayLoading ? ScreenResponse([app.say(app.string("screens.timeline.loading-more"))]) : .none
    }

    /// One request for the page older than the last loaded entry, at the largest page size: as the
    /// server's last page named it (its `older` cursor), or as the network pages below the last entry.
    /// Where the network pages only by cursors of its own pages (Mastodon's mentions, direct messages,
    /// bookmarks and favourites) the first page is asked for again to learn its cursor (`resync`).
    private func requestOlder() {
        wheel.continuesBelow = older.continues
        guard let last = entries.last else {
            older.arrived(more: false, added: false)
            wheel.continuesBelow = false
            return
        }
        let engine = app.engine
        let next = older.next
        switch source {
        case .timeline(let kind, _):
            app.call({ () -> ([TimelineEntry], PageRequest?, Bool) in
                var request = next
                if request == nil { request = await engine.pageRequest(olderThan: last.id, in: kind) }
                let page = try await engine.page(kind, request ?? .newest)
                return (page.items.map(TimelineEntry.post), page.items.isEmpty ? nil : page.older, request == nil)
            }, for: self, as: { result in .olderPage(result.map { ($0.0, $0.1) }, resync: (try? result.get().2) ?? false) })
        case .notifications:
            app.call({ () -> ([TimelineEntry], PageRequest?) in
                var request = next
                if request == nil { request = await engine.notificationsPageRequest(olderThan: last.id) }
                let page = try await engine.notificationsPage(request ?? .newest)
                return (page.items.map(TimelineEntry.notification), page.items.isEmpty ? nil : page.older)
            }, for: self, as: { .olderPage($0, resync: false) })
        case .thread:
            break
        }
    }

    /// An older page arrived: its entries follow the loaded ones, the marker stays on the entry it
    /// was on, or moves to the first new one when the user was waiting at the end.
    func receiveOlderPage(_ result: Result<([TimelineEntry], PageRequest?), MicroblogError>, resync: Bool) -> ScreenResponse {
        switch result {
        case .success(let (page, next)):
            let known = entries.known(among: Set(page.map(\.id)))
            let added = page.filter { !known.contains($0.id) }
            // Pages overlap: a post shown already stays once, in the shape it came in now (edited, a card fetched).
            for case .post(let post) in page where known.contains(post.id) {
                if let at = entries.firstIndex(id: post.id), entries[at] != .post(post) { update(post) }
            }
            older.next = next
            if resync, added.isEmpty, next != nil {
                // The first page again, all of it loaded already: its `next` link leads on.
                requestOlder()
                return .none
            }
            let waiting = older.waiting
            older.waiting = false
            older.arrived(more: next != nil && !added.isEmpty, added: !added.isEmpty)
            let oldCount = entries.count
            // Whether an entry of its own came (not only members of groups already shown).
            let standing: Bool
            if case .notifications = source {
                // Notifications of a group above that came on this page join it rather than stand apart.
                let grown = TimelineEntry.regrouped(Array(entries) + added)
                standing = grown.count > oldCount
                setEntries(grown, index: waiting && standing ? oldCount : wheel.index)
            } else {
                standing = !added.isEmpty
                appendEntries(added, index: waiting && standing ? oldCount : wheel.index)
            }
            guard waiting else { return .none }
            if !standing { return ScreenResponse([.play(.edge)]) }
            app.request(.readIfFocused(wheel))
            return .none
        case .failure(let error):
            let waiting = older.waiting
            older.waiting = false
            older.failed()
            updateWhere()
            // The server being away is said by the engine, once; other failures are said when the user waited.
            guard waiting, !error.isTransient else { return .none }
            return app.report(error)
        }
    }
}
