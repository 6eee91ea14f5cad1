import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// A user's details (the thesis's figure 21): handle, name, counts, bio, relationship; their posts,
/// followers and following; on others' profiles, a direct message where the relationship allows and Follow or Unfollow (F2);
/// and New post to them (F3).
final class UserDetailsScreen: AppScreen {
    unowned let app: AppContext
    private(set) var account: Account
    var relationship: Relationship?
    let handle = Label(text: "")
    let name = Label(text: "")
    let counts = Label(text: "")
    let bio = Label(text: "")
    let relation = Label(text: "")
    let posts = Button.quiet()
    let followers = Button.quiet()
    let following = Button.quiet()
    let direct = Button.quiet()
    let follow = Button.quiet()
    let write = Button.quiet()
    let toolbar: Toolbar
    /// Unfollowing asks for a second press.
    private var unfollow = ConfirmTwice<String>()
    var busy = false
    /// Mute, Block and Report.
    let safety: UserSafety
    /// The note, lists and pinned posts (Edit profile on the user's own).
    let tools: UserAccountTools

    var title: String { app.string("screens.user.title", ["name": TextSafety.stripped(account.plainName)]) }
    /// Opening a profile says who they are to the user and their bio before the handle: "Amara Okafor's
    /// details. You follow them; follows you. Radio host in Lagos."
    var spokenTitle: String? {
        let bio = app.bio(of: account).spoken
        var said = [title, relationshipText(), bio].filter { !$0.isEmpty }.map(Self.capitalisedFirst).joined(separator: ". ")
        while said.last == "." || said.last == " " { said.removeLast() }
        return said
    }
    /// The bio's words in the voice of the language it is written in; the name and the relationship in the interface's.
    var spokenTitleVoices: [Utterance.Segment] {
        let bio = app.bio(of: account)
        guard bio.language != nil else { return [] }
        return bio.segments.enumerated().compactMap { offset, segment in
            segment.language.map { Utterance.Segment(offset == 0 ? Self.capitalisedFirst(segment.text) : segment.text, language: $0) }
        }
    }

    /// The text with its first letter in capitals, as a sentence of the title begins.
    static func capitalisedFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
    var helpIntro: String { app.string("screens.user.help") }
    var controls: [any Control] {
        // The relationship before the bio: a long bio would push it off a 40×12 screen as the profile opens.
        // On the user's own profile (no relationship) there is no one to message or follow.
        [handle, name, counts, relation, bio, posts, followers, following] + (relationship == nil ? [] : [direct])
            + safety.controls(for: relationship) + tools.controls(isMe: relationship == nil)
    }
    var bindings: [Binding] { app.bindings(for: [.compose, .goTo, .settings]) }

    /// Opens a user's details: the account and the relationship are fetched behind a loading screen.
    static func open(app: AppContext, account: Account) -> ScreenResponse {
        let engine = app.engine
        let id = account.id
        let isMe = app.state.me?.id == id
        return app.load(app.string("screens.loading.user", ["name": TextSafety.stripped(account.plainName)]), { () -> (Account, Relationship?) in
            let fresh = (try? await engine.account(id: id)) ?? account
            let relationship = isMe ? nil : try await engine.relationship(accountId: id)
            return (fresh, relationship)
        }, as: LoadingScreen.Message.user)
    }

    init(app: AppContext, account: Account, relationship: Relationship?) {
        self.app = app
        self.account = account
        self.relationship = relationship
        toolbar = Toolbar(localizer: app.localizer, first: relationship == nil ? nil : follow, second: write)
        safety = UserSafety(app: app)
        tools = UserAccountTools(app: app, note: relationship?.note ?? "")
        safety.screen = self
        tools.screen = self
        // Following is said once the server answered, not as the key is pressed.
        follow.quietPress = true
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        handle.name = app.string("screens.user.handle")
        handle.text = "@" + TextSafety.stripped(account.acct)
        name.name = app.string("screens.user.name")
        name.text = TextSafety.stripped(account.plainName)
        counts.name = app.string("screens.user.counts")
        // Where direct messages are posts, the server's count leaves them out and the list of posts does not.
        if app.capabilities.offers(.direct) {
            let told = account.countsLeavingOutDirect(app.localizer)
            counts.text = told.shown
            counts.spokenText = told.spoken
        } else {
            counts.text = account.counts(app.localizer)
            counts.spokenText = nil
        }
        bio.name = app.string("screens.user.bio")
        let note = app.bio(of: account)
        bio.text = note.display.isEmpty ? app.string("screens.user.no-bio") : note.display
        bio.language = note.display.isEmpty ? nil : note.language
        relation.name = app.string("screens.user.relationship")
        relation.text = relationshipText()
        posts.title = app.string("screens.user.posts")
        followers.title = app.string("screens.user.followers")
        following.title = app.string("screens.user.following")
        direct.title = app.string("screens.user.direct")
        let stops = relationship?.following == true || relationship?.requested == true
        follow.title = app.string(stops ? "screens.user.unfollow" : "screens.user.follow")
        // Shown when the bar does not fit (40 columns, "[Dejar de seguir]"); still said whole.
        follow.shortTitle = app.string(stops ? "screens.user.unfollow.short" : "screens.user.follow.short")
        write.title = app.string("screens.timeline.new-post")
        safety.relocalize(relationship)
        tools.relocalize()
    }

    func relationshipText() -> String {
        guard let relationship else { return app.string("screens.user.is-you") }
        var parts: [String] = []
        if relationship.following { parts.append(app.string("screens.user.you-follow")) }
        if relationship.requested { parts.append(app.string("screens.user.requested")) }
        if relationship.followedBy { parts.append(app.string("screens.user.follows-you")) }
        if relationship.blocking { parts.append(app.string("screens.user.blocking")) }
        if relationship.blockedBy { parts.append(app.string("screens.user.blocked-by")) }
        if relationship.muting { parts.append(app.string("screens.user.muting")) }
        var text = parts.isEmpty ? app.string("screens.user.strangers") : parts.joined(separator: "; ")
        if !relationship.note.isEmpty { text += ". " + app.string("note.yours", ["note": TextSafety.stripped(relationship.note)]) }
        return text
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if let response = safety.handle(event, account: account, relationship: relationship) { return response }
        if let response = tools.handle(event, account: account) { return response }
        guard event.kind == .activated else { return .none }
        let source = event.source
        if source !== follow { unfollow.disarm() }
        let app = self.app
        let engine = app.engine
        let account = self.account
        if source === posts {
            let source = TimelineSource.timeline(.user(accountId: account.id), owner: account.plainName)
            return app.load(app.timelineName(.user(accountId: account.id), owner: account.plainName), {
                try await TimelineScreen.fetch(source, engine: engine)
            }, as: { .timeline(source, $0) })
        }
        if source === followers || source === following {
            let which: PeopleScreen.Which = source === followers ? .followers : .following
            return PeopleScreen.open(app: app, account: account, which: which)
        }
        if source === direct {
            guard let relationship else { return ScreenResponse([app.say(app.string("screens.user.is-you"), earcon: .error)]) }
            guard relationship.allowsDirectMessage else {
                return ScreenResponse([app.say(app.string("screens.user.no-direct", ["name": TextSafety.stripped(account.plainName)]), earcon: .error)])
            }
            return ComposeScreen.open(app: app, mode: .direct(account))
        }
        if source === write { return ComposeScreen.open(app: app, mode: .mention(account)) }
        if source === follow { return toggleFollow() }
        return .none
    }

    func toggleFollow() -> ScreenResponse {
        guard let relationship else { return ScreenResponse([app.say(app.string("screens.user.is-you"), earcon: .error)]) }
        guard !busy else { return .none }
        let stop = relationship.following || relationship.requested
        let shownName = TextSafety.stripped(account.plainName)
        if stop, !unfollow.press(account.id) {
            return app.askSecondPress(app.confirmQuestion("screens.user.confirm-unfollow", ["name": shownName]))
        }
        unfollow.disarm()
        busy = true
        let engine = app.engine
        let id = account.id
        app.callWatchingLimit({ try await engine.setFollowing(!stop, accountId: id) }, for: self, as: Message.followed)
        return .none
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        switch command {
        case .compose: ComposeScreen.open(app: app, mode: .mention(account))
        case .goTo: ScreenResponse(navigation: .push(SwitcherScreen(app: app, from: title)))
        case .settings: ScreenResponse(navigation: .push(SettingsScreen(app: app)))
        default: .none
        }
    }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        return ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}

extension UserDetailsScreen: MessageReceiver {
    /// The results of the calls the screen starts.
    enum Message {
        /// Following or unfollowing went through (the relationship now) or failed.
        case followed(Result<Relationship, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .followed(let result):
            busy = false
            switch result {
            case .success(let fresh):
                // The server answers with the relationship only: the followers count is kept true here, as
                // Mastodon's own web client does (a request waiting for approval counts nobody yet).
                if let before = relationship, before.following != fresh.following {
                    account.followersCount = max(0, account.followersCount + (fresh.following ? 1 : -1))
                }
                relationship = fresh
                relocalize()
                let shownName = TextSafety.stripped(account.plainName)
                let key = fresh.following ? "screens.user.now-following" : fresh.requested ? "screens.user.now-requested" : "screens.user.now-unfollowed"
                return ScreenResponse([app.say(app.string(key, ["name": shownName]), earcon: fresh.following ? .toggleOn : .toggleOff)])
            case .failure(let error):
                return app.report(error)
            }
        }
    }
}
