import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation

/// The account tools of a user's details, after the safety buttons: for someone else, the user's private
/// note on them (Enter saves it; "Your note: …" is also said with the relationship), the lists they are on
/// and their pinned posts; on the user's own profile, the pinned posts and Edit profile.
final class UserAccountTools {
    unowned let app: AppContext
    weak var screen: UserDetailsScreen?
    let note = TextField("")
    let lists = Button.quiet()
    let pinned = Button.quiet()
    let editProfile = Button.quiet()
    private var busy = false

    init(app: AppContext, note text: String) {
        self.app = app
        note.setText(text)
        note.maxLength = 2_000
    }

    /// The controls, after the details' own and the safety buttons.
    /// Those the account's network has: a private note, list membership, pinned posts, the own profile.
    func controls(isMe: Bool) -> [any Control] {
        let capabilities = app.capabilities
        let pins: [any Control] = capabilities.has(.pinnedPosts) ? [pinned] : []
        if isMe { return pins + [editProfile] }
        return (capabilities.has(.accountNotes) ? [note] : []) + (capabilities.has(.listManagement) ? [lists] : []) + pins
    }

    func relocalize() {
        note.title = app.string("note.field")
        lists.title = app.string("user.lists")
        pinned.title = app.string("user.pinned")
        editProfile.title = app.string("profile.edit")
    }

    /// Handles a press on one of the tools; nil when the event was on another control.
    func handle(_ event: ControlEvent, account: Account) -> ScreenResponse? {
        guard event.kind == .activated else { return nil }
        let source = event.source
        if source === lists { return UserListsScreen.open(app: app, account: account) }
        if source === pinned { return PinnedPostsScreen.open(app: app, account: account) }
        if source === editProfile { return ProfileEditScreen.open(app: app) }
        guard source === note else { return nil }
        guard !busy else { return ScreenResponse.none }
        busy = true
        let text = note.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let engine = app.engine
        let id = account.id
        let handle = "@" + TextSafety.stripped(account.acct)
        app.call({ try await engine.setNote(text, accountId: id) }, for: self, as: { .saved($0, handle: handle) })
        return ScreenResponse.none
    }
}

extension UserAccountTools: MessageReceiver {
    enum Message {
        case saved(Result<Relationship, MicroblogError>, handle: String)
    }

    func receive(_ message: Message) -> ScreenResponse {
        busy = false
        switch message {
        case .saved(.success(let fresh), let handle):
            screen?.relationship = fresh
            screen?.relocalize()
            return ScreenResponse([app.say(app.string(fresh.note.isEmpty ? "note.removed" : "note.saved", ["handle": handle]),
                                           earcon: .activate)])
        case .saved(.failure(let error), _):
            return app.report(error)
        }
    }
}
