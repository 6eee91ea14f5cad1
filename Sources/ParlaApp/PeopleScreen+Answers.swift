import LVControls
import MicroblogKit
import ParlaBase

extension PeopleScreen {
    /// The toolbar's action on `person`: `first` is Follow, Accept, Unmute or Unblock; otherwise New
    /// post or Reject. Answers to the server go one at a time and are said when it took them.
    func act(first: Bool, on person: Account) -> ScreenResponse {
        let engine = app.engine
        let id = person.id
        let call: @Sendable () async throws -> Void
        switch which {
        case .followers, .following, .boostedBy, .favouritedBy:
            return first ? UserDetailsScreen.open(app: app, account: person) : ComposeScreen.open(app: app, mode: .mention(person))
        case .followRequests:
            call = { _ = try await engine.answerFollowRequest(accountId: id, accept: first) }
        case .mutes:
            call = { _ = try await engine.setMuted(false, accountId: id, notifications: true, duration: .forever) }
        case .blocks:
            call = { _ = try await engine.setBlocked(false, accountId: id) }
        }
        guard answering == nil else { return .none }
        answering = id
        app.call(call, for: self, as: { .answered($0, person: person, first: first) })
        return .none
    }

    /// The server took the answer (the person leaves the list, and it is said) or refused it (they stay).
    func receiveAnswer(_ result: Result<Void, MicroblogError>, person: Account, first: Bool) -> ScreenResponse {
        answering = nil
        switch result {
        case .success:
            people.removeAll { $0.id == person.id }
            muteEnds[person.id] = nil
            showPeople(index: wheel.index)
            let key = switch which {
            case .followRequests: first ? "safety.done.accept" : "safety.done.reject"
            case .mutes: "safety.done.unmute"
            default: "safety.done.unblock"
            }
            return ScreenResponse([app.say(app.string(key, ["handle": "@" + TextSafety.stripped(person.acct)]), earcon: .activate)])
        case .failure(let error):
            return app.report(error)
        }
    }
}
