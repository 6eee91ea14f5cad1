import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// A user's details (the thesis's figure 21): handle, name, counts, bio, relationship; their posts,
/// followers and following; a direct message where the relationship allows; Follow or Unfollow (F2)
/// and New post to them (F3).
final class UserDetailsScreen: AppScreen {
    unowned let app: AppContext
    private(set) var account: Account
    private(set) var relationship: Relationship?
    let handle = Label(text: "")
    let name = Label(text: "")
    let counts = Label(text: "")
    let bio = Label(text: "")
    let relation = Label(text: "")
    let posts = Button("")
    let followers = Button("")
    let following = Button("")
    let direct = Button("")
    let follow = Button("")
    let write = Button("")
    let toolbar: Toolbar
    /// Unfollowing asks for a second press.
    private var unfollowArmed = false
    private var busy = false

    var title: String { app.string("screens.user.title", ["name": TextSafety.stripped(account.name)]) }
    var helpIntro: String { app.string("screens.user.help") + " " + app.keymap.helpText(actions, localizer: app.localizer) }
    var controls: [any Control] { [handle, name, counts, bio, relation, posts, followers, following, direct] }
    var actions: [AppAction] { [.compose, .goTo, .settings, .quit] }

    /// Opens a user's details: the account and the relationship are fetched behind a loading screen.
    static func open(app: AppContext, account: Account) -> ScreenResponse {
        let engine = app.engine
        let id = account.id
        let isMe = app.me?.id == id
        return app.load(app.string("screens.loading.user", ["name": TextSafety.stripped(account.name)]), { () -> (Account, Relationship?) in
            let fresh = (try? await engine.account(id: id)) ?? account
            let relationship = isMe ? nil : try await engine.relationship(accountId: id)
            return (fresh, relationship)
        }) { value in
            ScreenResponse(navigation: .push(UserDetailsScreen(app: app, account: value.0, relationship: value.1)))
        }
    }

    init(app: AppContext, account: Account, relationship: Relationship?) {
        self.app = app
        self.account = account
        self.relationship = relationship
        toolbar = Toolbar(localizer: app.localizer, first: follow, second: write)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        handle.name = app.string("screens.user.handle")
        handle.text = "@" + TextSafety.stripped(account.acct)
        name.name = app.string("screens.user.name")
        name.text = TextSafety.stripped(account.name)
        counts.name = app.string("screens.user.counts")
        counts.text = account.counts(app.localizer)
        bio.name = app.string("screens.user.bio")
        let note = app.text(account.note).display
        bio.text = note.isEmpty ? app.string("screens.user.no-bio") : note
        relation.name = app.string("screens.user.relationship")
        relation.text = relationshipText()
        posts.title = app.string("screens.user.posts")
        followers.title = app.string("screens.user.followers")
        following.title = app.string("screens.user.following")
        direct.title = app.string("screens.user.direct")
        follow.title = app.string(relationship?.following == true || relationship?.requested == true ? "screens.user.unfollow" : "screens.user.follow")
        write.title = app.string("screens.timeline.new-post")
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
        return parts.isEmpty ? app.string("screens.user.strangers") : parts.joined(separator: "; ")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated else { return .none }
        let source = event.source
        if source !== follow { unfollowArmed = false }
        let app = self.app
        let engine = app.engine
        let account = self.account
        if source === posts {
            let source = TimelineSource.timeline(.user(accountId: account.id), owner: account.name)
            return app.load(app.timelineName(.user(accountId: account.id), owner: account.name), { try await TimelineScreen.fetch(source, engine: engine) }) { value in
                ScreenResponse(navigation: .push(TimelineScreen(app: app, source: source, entries: value.0, index: value.1)))
            }
        }
        if source === followers || source === following {
            let which: PeopleScreen.Which = source === followers ? .followers : .following
            return PeopleScreen.open(app: app, account: account, which: which)
        }
        if source === direct {
            guard let relationship else { return ScreenResponse([app.say(app.string("screens.user.is-you"), earcon: .error)]) }
            guard relationship.allowsDirectMessage else {
                return ScreenResponse([app.say(app.string("screens.user.no-direct", ["name": TextSafety.stripped(account.name)]), earcon: .error)])
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
        let shownName = TextSafety.stripped(account.name)
        if stop && !unfollowArmed {
            unfollowArmed = true
            return ScreenResponse([app.say(app.string("screens.user.confirm-unfollow", ["name": shownName]))])
        }
        unfollowArmed = false
        busy = true
        let engine = app.engine
        let id = account.id
        app.background({ try await engine.setFollowing(!stop, accountId: id) }, done: { [weak self] result in
            guard let self else { return .none }
            self.busy = false
            switch result {
            case .success(let fresh):
                self.relationship = fresh
                self.relocalize()
                let key = fresh.following ? "screens.user.now-following" : fresh.requested ? "screens.user.now-requested" : "screens.user.now-unfollowed"
                return ScreenResponse([self.app.say(self.app.string(key, ["name": shownName]), earcon: fresh.following ? .toggleOn : .toggleOff)])
            case .failure(let error):
                return self.app.report(error)
            }
        })
        return .none
    }

    func perform(_ action: AppAction) -> ScreenResponse? {
        switch action {
        case .compose: ComposeScreen.open(app: app, mode: .mention(account))
        case .goTo: ScreenResponse(navigation: .push(SwitcherScreen(app: app, from: title)))
        case .settings: ScreenResponse(navigation: .push(SettingsScreen(app: app)))
        case .quit: ScreenResponse(navigation: .quit)
        default: nil
        }
    }

    func layout(in area: Rect, context: ControlContext) -> [Rect] {
        let focus = app.host.map { $0.screen === self ? $0.focusIndex : 0 }
        return ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}

/// Followers or following (the thesis's figure 22): the person under the marker's handle and name,
/// the wheel of people; Follow or Unfollow (F2) and New post to them (F3). Enter opens their details.
final class PeopleScreen: AppScreen {
    enum Which { case followers, following }

    unowned let app: AppContext
    let owner: Account
    let which: Which
    private(set) var people: [Account]
    let handle = Label(text: "")
    let name = Label(text: "")
    let wheel = ItemWheel("")
    let follow = Button("")
    let write = Button("")
    let toolbar: Toolbar

    var title: String {
        app.string(which == .followers ? "screens.people.followers" : "screens.people.following", ["name": TextSafety.stripped(owner.name)])
    }
    var helpIntro: String { app.string("screens.people.help") }
    var controls: [any Control] { [handle, name, wheel] }
    var initialFocus: Int { 2 }
    var actions: [AppAction] { [.author, .compose, .quit] }

    static func open(app: AppContext, account: Account, which: Which) -> ScreenResponse {
        let engine = app.engine
        let id = account.id
        let what = app.string(which == .followers ? "screens.people.followers" : "screens.people.following", ["name": TextSafety.stripped(account.name)])
        return app.load(what, {
            try await which == .followers ? engine.followers(accountId: id, page: PageRequest(limit: 80)).items
                : engine.following(accountId: id, page: PageRequest(limit: 80)).items
        }) { people in
            ScreenResponse(navigation: .push(PeopleScreen(app: app, owner: account, which: which, people: people)))
        }
    }

    init(app: AppContext, owner: Account, which: Which, people: [Account]) {
        self.app = app
        self.owner = owner
        self.which = which
        self.people = people
        toolbar = Toolbar(localizer: app.localizer, first: follow, second: write)
        wheel.onMove = { [unowned self] _ in self.showCurrent() }
        relocalize()
    }

    var current: Account? { people.indices.contains(wheel.index) ? people[wheel.index] : nil }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        handle.name = app.string("screens.user.handle")
        name.name = app.string("screens.user.name")
        wheel.title = app.string("screens.people.wheel")
        follow.title = app.string("screens.people.follow")
        write.title = app.string("screens.timeline.new-post")
        wheel.setEntries(people.map { app.present($0) }, index: wheel.index)
        showCurrent()
    }

    func showCurrent() {
        handle.text = current.map { "@" + TextSafety.stripped($0.acct) } ?? ""
        name.text = current.map { TextSafety.stripped($0.name) } ?? app.string("lv.empty")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard let person = current else { return .none }
        if case .selected = event.kind, event.source === wheel.wheel { return UserDetailsScreen.open(app: app, account: person) }
        guard event.kind == .activated else { return .none }
        if event.source === write { return ComposeScreen.open(app: app, mode: .mention(person)) }
        if event.source === follow { return UserDetailsScreen.open(app: app, account: person) }
        return .none
    }

    func perform(_ action: AppAction) -> ScreenResponse? {
        guard let person = current else { return action == .quit ? ScreenResponse(navigation: .quit) : nil }
        switch action {
        case .author: return UserDetailsScreen.open(app: app, account: person)
        case .compose: return ComposeScreen.open(app: app, mode: .mention(person))
        case .quit: return ScreenResponse(navigation: .quit)
        default: return nil
        }
    }
}
