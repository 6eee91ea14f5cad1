import LVControls
import MicroblogKit
import SpeechKit

extension TimelineScreen: MessageReceiver {
    /// The results of the calls a timeline starts.
    enum Message {
        /// A refresh answered (entries and how many are new) or failed; `quiet`: the one on opening.
        case refreshed(Result<([TimelineEntry], Int), MicroblogError>, quiet: Bool, token: Int)
        /// The cache was read again after new posts or notifications came.
        case reloaded(Result<FreshEntries, MicroblogError>)
        /// The server answered a boost, favourite or bookmark (`on`: what was asked).
        case changed(PostAction, on: Bool, Result<Void, MicroblogError>, token: Int)
        /// The state of the server's limit, asked as a call the user waits on started (from the digest).
        case budget(Result<SinceYouLeft, MicroblogError>)
        /// A delete went through (the post leaves when the engine says so).
        case deleted(Result<Void, MicroblogError>)
        /// The next older page came (its entries, and the request for the page after it) or failed;
        /// `resync`: it was the first page asked for again to learn its `next` link.
        case olderPage(Result<([TimelineEntry], PageRequest?), MicroblogError>, resync: Bool)
        /// The place left, looked for below the cache after a start brought this timeline back.
        case placeFound(Result<Opened, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .refreshed(let result, let quiet, let token):
            refreshing = false
            wheel.emptyValue = nil
            if entries.isEmpty { showCurrent() }
            limitWait.answered(token)
            defer { updateWhere() }
            switch result {
            case .success(let (fresh, reported)):
                refreshFailed = false
                let wasEmpty = entries.isEmpty
                let shownBefore = Set(entries.ids)
                reload(fresh)
                // The first posts of an empty timeline (a first start): read the one now under focus.
                if wasEmpty { app.request(.readIfFocused(wheel)) }
                let newCount = newPostsCount(reported: reported, shownBefore: shownBefore)
                var said: [Announcement] = []
                // On opening, an empty timeline's first posts are not news: the first is read, the where-line counts them.
                if !quiet || (newCount > 0 && !wasEmpty) {
                    let text = newCount == 0 ? app.string("screens.refresh.none") : app.localizer.plural("screens.refresh.new", count: newCount)
                    said.append(.say(Utterance(text, priority: .notification, earcon: newCount > 0 ? .newPost : nil, coalesceKey: "new:\(source.key)")))
                }
                return ScreenResponse(said)
            case .failure(let error):
                // The timeline stays as it was; the where-line says the refresh failed.
                refreshFailed = true
                // The refresh on opening does not say the server is away: the engine does, once.
                guard quiet, error.isTransient else { return app.report(error, shown: false, retrying: true) }
                return .none
            }
        case .reloaded(let result):
            reloading = false
            if case .success(let fresh) = result {
                let wasEmpty = entries.isEmpty
                reload(fresh)
                // Posts that streamed into an empty timeline before the opening refresh answered: the first
                // is read now, as the refresh would have read it.
                if wasEmpty, !entries.isEmpty { app.request(.readIfFocused(wheel)) }
            }
            if reloadAgain {
                reloadAgain = false
                reloadFromCache()
            }
            return .none
        case .changed(let action, let on, let result, let token):
            limitWait.answered(token)
            updateWhere()
            return receiveChange(action, on: on, result)
        case .budget(let result):
            return receiveBudget(result)
        case .olderPage(let result, let resync):
            return receiveOlderPage(result, resync: resync)
        case .placeFound(let result):
            return receivePlace(result)
        case .deleted(let result):
            switch result {
            case .success: return ScreenResponse([app.say(app.string("screens.done.deleted"), earcon: .activate)])
            case .failure(let error): return app.report(error)
            }
        }
    }
}
