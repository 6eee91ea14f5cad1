import Foundation
import LVControls
import MicroblogKit

extension PeopleScreen: MessageReceiver {
    /// The results of the calls a list of people starts.
    enum Message {
        /// The next page of people came (with the request for the one after it, and when mutes end) or failed.
        case olderPage(Result<(people: Page<Account>, muteEnds: [String: Date]), MicroblogError>)
        /// An answer to a person went through (they leave the list) or failed (they stay).
        case answered(Result<Void, MicroblogError>, person: Account, first: Bool)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .olderPage(let result): receiveOlderPage(result)
        case .answered(let result, let person, let first): receiveAnswer(result, person: person, first: first)
        }
    }

    /// Asks for the next page of people when the marker came within a few of the loaded end.
    func loadOlderIfNear() {
        guard older.startIfNear(index: wheel.index, count: people.count) else { return }
        requestOlder()
    }

    /// Down on the last person while more may follow: the page is asked for (unless on its way), the
    /// marker moves on when it arrives, and "loading" is said once.
    func movedPastEnd() -> ScreenResponse {
        let (request, sayLoading) = older.userWaits()
        if request { requestOlder() }
        return sayLoading ? ScreenResponse([app.say(app.string("screens.timeline.loading-more"))]) : .none
    }

    /// One request for the next page, as the server's `next` link names it, at the largest page size.
    private func requestOlder() {
        guard let request = older.next else {
            older.arrived(more: false, added: false)
            wheel.continuesBelow = false
            return
        }
        let engine = app.engine
        let id = owner.id
        let which = self.which
        app.call({ try await Self.page(which, of: id, request: request, engine: engine) }, for: self, as: Message.olderPage)
    }

    /// People came: they follow the loaded ones; the marker stays, or moves to the first new one when the user waited.
    private func receiveOlderPage(_ result: Result<(people: Page<Account>, muteEnds: [String: Date]), MicroblogError>) -> ScreenResponse {
        let waiting = older.waiting
        older.waiting = false
        switch result {
        case .success(let (page, ends)):
            let known = Set(people.map(\.id))
            let added = page.items.filter { !known.contains($0.id) }
            older.next = added.isEmpty ? nil : page.older
            older.arrived(more: older.next != nil, added: !added.isEmpty)
            let oldCount = people.count
            people += added
            muteEnds.merge(ends) { kept, _ in kept }
            showPeople(index: waiting && !added.isEmpty ? oldCount : wheel.index)
            guard waiting else { return .none }
            if added.isEmpty { return ScreenResponse([.play(.edge)]) }
            app.request(.readIfFocused(wheel))
            return .none
        case .failure(let error):
            older.failed()
            guard waiting, !error.isTransient else { return .none }
            return app.report(error)
        }
    }
}
