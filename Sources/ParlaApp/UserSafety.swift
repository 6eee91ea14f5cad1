import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation

/// The safety buttons of a user's details: Mute or Unmute (asking how long and whether their
/// notifications go too), Block or Unblock (blocking asks for a second press) and Report. Every
/// result is said once the server answered, and the details show the new relationship.
final class UserSafety {
    unowned let app: AppContext
    /// The details screen whose relationship the results change.
    weak var screen: UserDetailsScreen?
    /// On while they are muted or blocked; Enter asks for the other state, set once the server answered.
    let mute = Toggle("", asks: true)
    let block = Toggle("", asks: true)
    let report = Button.quiet()
    /// Blocking asks for a second press on the same person.
    private var blocking = ConfirmTwice<String>()
    private var busy = false

    init(app: AppContext) {
        self.app = app
    }

    /// The buttons, after the details' own controls; none on the user's own details.
    func controls(for relationship: Relationship?) -> [any Control] {
        relationship == nil ? [] : [mute, block] + (app.capabilities.has(.reports) ? [report] : [])
    }

    func relocalize(_ relationship: Relationship?) {
        mute.title = app.string("safety.user.mute")
        mute.setOn(relationship?.muting == true)
        block.title = app.string("safety.user.block")
        block.setOn(relationship?.blocking == true)
        report.title = app.string("safety.user.report")
    }

    /// Handles a press on one of the buttons; nil when the event was on another control.
    func handle(_ event: ControlEvent, account: Account, relationship: Relationship?) -> ScreenResponse? {
        let source = event.source
        if source !== block { blocking.disarm() }
        switch event.kind {
        case .toggled where source === mute || source === block: break
        case .activated where source === report: break
        default: return nil
        }
        guard let relationship else { return ScreenResponse([app.say(app.string("screens.user.is-you"), earcon: .error)]) }
        guard !busy else { return ScreenResponse.none }
        let shownName = TextSafety.stripped(account.plainName)
        let engine = app.engine
        let id = account.id
        if source === report { return ScreenResponse(navigation: .push(ReportScreen(app: app, account: account, post: nil))) }
        if source === mute {
            guard relationship.muting else { return ScreenResponse(navigation: .push(MuteScreen(app: app, account: account, safety: self))) }
            busy = true
            app.call({ try await engine.setMuted(false, accountId: id, notifications: false, duration: .forever) }, for: self,
                     as: { .changed($0, sayKey: "safety.said.unmuted", name: shownName) })
            return ScreenResponse.none
        }
        if !relationship.blocking, !blocking.press(id) {
            return app.askSecondPress(app.confirmQuestion("safety.user.confirm-block", ["name": shownName]))
        }
        blocking.disarm()
        busy = true
        let on = !relationship.blocking
        app.call({ try await engine.setBlocked(on, accountId: id) }, for: self,
                 as: { .changed($0, sayKey: on ? "safety.said.blocked" : "safety.said.unblocked", name: shownName) })
        return ScreenResponse.none
    }

    /// Starts a mute chosen on the mute screen; the result is said here, the screen having closed.
    func startMute(_ account: Account, duration: MuteDuration, notifications: Bool) {
        busy = true
        let engine = app.engine
        let id = account.id
        let key = "safety.said.muted.\(duration == .forever ? "forever" : "for")\(notifications ? "" : ".keep-notifications")"
        app.call({ try await engine.setMuted(true, accountId: id, notifications: notifications, duration: duration) }, for: self,
                 as: { .changed($0, sayKey: key, name: TextSafety.stripped(account.plainName), duration: duration) })
    }
}

extension UserSafety: MessageReceiver {
    enum Message {
        /// A mute, unmute, block or unblock went through (the relationship now) or failed.
        case changed(Result<Relationship, MicroblogError>, sayKey: String, name: String, duration: MuteDuration = .forever)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .changed(let result, let sayKey, let name, let duration):
            busy = false
            switch result {
            case .success(let fresh):
                screen?.relationship = fresh
                screen?.relocalize()
                let text = app.string(sayKey, ["name": name, "duration": app.string("safety.duration.\(duration.word)")])
                return ScreenResponse([app.say(text, earcon: .activate)])
            case .failure(let error):
                return app.report(error)
            }
        }
    }
}
