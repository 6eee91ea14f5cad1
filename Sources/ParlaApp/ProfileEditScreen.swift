import LVControls
import MicroblogKit
import ParlaBase
import TerminalKit

/// Editing the user's profile (from their own profile, Edit profile): display name, bio, four fields of a
/// name and a value, and whether follow requests need approval; Save (F2) sends it all and says when the
/// server took it (Esc goes back). A name or bio over its limit is said and nothing is sent; what was typed stays.
final class ProfileEditScreen: AppScreen {
    unowned let app: AppContext
    let name: TextField
    let bio: TextField
    let fieldNames: [TextField]
    let fieldValues: [TextField]
    let locked: Toggle
    let save = Button("")
    let toolbar: Toolbar
    private var busy = false

    var title: String { app.string("profile.title") }
    var helpIntro: String { app.string("profile.help") }
    /// The fields only where the network has them, and approving followers only where it has follow requests.
    var controls: [any Control] {
        let capabilities = app.capabilities
        let fields = capabilities.has(.profileFields) ? zip(fieldNames, fieldValues).flatMap { [$0 as any Control, $1 as any Control] } : []
        return [name, bio] + fields + (capabilities.has(.followRequests) ? [locked] : []) + [save]
    }

    /// Opens the editor with the profile as the user wrote it, fetched behind the loading screen.
    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("profile.title"), { try await engine.profileEdit() },
                        as: { .screen($0.map { ProfileEditScreen(app: app, profile: $0) as any Screen }) })
    }

    init(app: AppContext, profile: ProfileEdit) {
        self.app = app
        name = TextField("", text: profile.displayName, maxLength: app.capabilities.maxDisplayName)
        bio = TextField("", text: profile.note, maxLength: app.capabilities.maxBio, multiline: true, rows: 3)
        fieldNames = (0..<ProfileEdit.maxFields).map { index in TextField("", text: index < profile.fields.count ? profile.fields[index].name : "") }
        fieldValues = (0..<ProfileEdit.maxFields).map { index in TextField("", text: index < profile.fields.count ? profile.fields[index].value : "") }
        locked = Toggle("", isOn: profile.locked)
        toolbar = Toolbar(localizer: app.localizer, first: save)
        save.quietPress = true
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        name.title = app.string("profile.name-field")
        bio.title = app.string("profile.bio-field")
        for index in fieldNames.indices {
            fieldNames[index].title = app.string("profile.field-name", ["n": String(index + 1)])
            fieldValues[index].title = app.string("profile.field-value", ["n": String(index + 1)])
        }
        locked.title = app.string("profile.locked-toggle")
        save.title = app.string("profile.save")
    }

    /// The profile as typed: fields with neither a name nor a value are left out.
    var edit: ProfileEdit {
        let fields = zip(fieldNames, fieldValues).map { ProfileField(name: $0.text, value: $1.text) }
            .filter { !$0.name.isEmpty || !$0.value.isEmpty }
        return ProfileEdit(displayName: name.text, note: bio.text, fields: fields, locked: locked.isOn)
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated, event.source === save || event.source === name, !busy else { return .none }
        let edit = self.edit
        if edit.displayName.count > ProfileEdit.maxDisplayName {
            return ScreenResponse([app.say(app.string("usage.name"), earcon: .error)])
        }
        if edit.note.count > ProfileEdit.maxNote { return ScreenResponse([app.say(app.string("usage.bio"), earcon: .error)]) }
        busy = true
        let engine = app.engine
        app.call({ try await engine.updateProfile(edit) }, for: self, as: Message.saved)
        return .none
    }
}

extension ProfileEditScreen: MessageReceiver {
    enum Message {
        case saved(Result<Account, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        busy = false
        switch message {
        case .saved(.success):
            return ScreenResponse([app.say(app.string("profile.saved"), earcon: .activate)])
        case .saved(.failure(let error)):
            return app.report(error)
        }
    }
}
