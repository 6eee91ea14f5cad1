import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TerminalKit

/// A list of people (the thesis's figure 22): the person under the marker's handle and name, the wheel
/// of them, paged as the server gives them, and the toolbar's actions for that kind of list. Enter (or
/// `u`) opens their details.
///
/// - followers, following, who boosted or favourited a post: Follow or Unfollow (F2, through their details)
///   and New post to them (F3);
/// - follow requests: Accept (F2) and Reject (F3);
/// - mutes: Unmute (F2, or Delete); blocks: Unblock (F2, or Delete).
///
/// An answer is said once the server took it, and the person leaves the list.
final class PeopleScreen: AppScreen {
    enum Which: Equatable {
        case followers, following, followRequests, mutes, blocks
        /// Who boosted or favourited a post (the list's owner is its author).
        case boostedBy(postId: String), favouritedBy(postId: String)

        /// Whether the list is the user's own (a safety list) rather than someone's people.
        var isOwn: Bool {
            switch self {
            case .followers, .following, .boostedBy, .favouritedBy: false
            case .followRequests, .mutes, .blocks: true
            }
        }
    }

    unowned let app: AppContext
    let owner: Account
    let which: Which
    var people: [Account]
    /// When each mute ends (mutes only; absent: until unmuted).
    var muteEnds: [String: Date] = [:]
    let handle = Label(text: "")
    let name = Label(text: "")
    let wheel = Wheel("", items: ArrayWheelItems([]))
    /// Follow, Accept, Unmute or Unblock.
    let first = Button.quiet()
    /// New post or Reject (none on mutes and blocks).
    let second = Button.quiet()
    let toolbar: Toolbar
    /// The person whose answer is on its way (one at a time).
    var answering: String?
    /// Whether more people follow the loaded ones, and the request for them (the server's `next` link).
    var older = OlderPages()

    var title: String {
        switch which {
        case .followers, .following, .boostedBy, .favouritedBy: Self.heading(which, of: owner, app: app)
        case .followRequests: app.string("safety.requests.title")
        case .mutes: app.string("mutes.title")
        case .blocks: app.string("blocks.title")
        }
    }
    var helpIntro: String {
        switch which {
        case .followers, .following: app.string("screens.people.help")
        case .boostedBy, .favouritedBy: app.string("people.help")
        case .followRequests: app.string("safety.requests.help")
        case .mutes: app.string("mutes.help")
        case .blocks: app.string("blocks.help")
        }
    }
    var controls: [any Control] { [handle, name, wheel] }
    var initialFocus: Int { 2 }
    var bindings: [Binding] {
        switch which {
        case .followers, .following, .boostedBy, .favouritedBy: app.bindings(for: [.author, .compose])
        case .followRequests: app.bindings(for: [.author])
        case .mutes, .blocks: app.bindings(for: [.author, .removeItem])
        }
    }

    /// The title of someone's people: their followers, whom they follow, who boosted or favourited their post.
    static func heading(_ which: Which, of account: Account, app: AppContext) -> String {
        let key = switch which {
        case .following: "screens.people.following"
        case .boostedBy: "people.boosted-by"
        case .favouritedBy: "people.favourited-by"
        default: "screens.people.followers"
        }
        return app.string(key, ["name": TextSafety.stripped(account.plainName)])
    }

    /// Opens someone's people (followers, following, who boosted or favourited their post) once the first
    /// page came, behind the loading screen.
    static func open(app: AppContext, account: Account, which: Which) -> ScreenResponse {
        let engine = app.engine
        let id = account.id
        let what = heading(which, of: account, app: app)
        return app.load(what, { try await Self.page(which, of: id, request: .newest, engine: engine).people },
                        as: { .people(owner: account, which, $0) })
    }

    /// Opens one of the user's own lists (follow requests, mutes, blocks) once the first page came.
    static func openOwn(app: AppContext, which: Which) -> ScreenResponse {
        let engine = app.engine
        let me = app.state.me ?? Account(id: "", acct: "", username: "", displayName: "")
        let screen = PeopleScreen(app: app, owner: me, which: which, people: [])
        return app.load(screen.title, { try await Self.page(which, of: me.id, request: .newest, engine: engine) }, as: { result in
            .screen(result.map { loaded in
                PeopleScreen(app: app, owner: me, which: which, people: loaded.people.items, next: loaded.people.older,
                             muteEnds: loaded.muteEnds) as any Screen
            })
        })
    }

    /// One page of a list, with when each mute ends (mutes only).
    static func page(_ which: Which, of ownerId: String, request: PageRequest, engine: any AccountEngine) async throws
        -> (people: Page<Account>, muteEnds: [String: Date]) {
        switch which {
        case .followers: return (try await engine.followers(accountId: ownerId, page: request), [:])
        case .following: return (try await engine.following(accountId: ownerId, page: request), [:])
        case .boostedBy(let postId): return (try await engine.boostedBy(postId: postId, page: request), [:])
        case .favouritedBy(let postId): return (try await engine.favouritedBy(postId: postId, page: request), [:])
        case .followRequests: return (try await engine.followRequests(page: request), [:])
        case .blocks: return (try await engine.blocks(page: request), [:])
        case .mutes:
            let page = try await engine.mutes(page: request)
            let ends = Dictionary(page.items.compactMap { muted in muted.expiresAt.map { (muted.id, $0) } }, uniquingKeysWith: { first, _ in first })
            return (Page(items: page.items.map(\.account), older: page.older, newer: page.newer), ends)
        }
    }

    init(app: AppContext, owner: Account, which: Which, people: [Account], next: PageRequest? = nil, muteEnds: [String: Date] = [:]) {
        self.app = app
        self.owner = owner
        self.which = which
        self.people = people
        self.muteEnds = muteEnds
        older.next = people.isEmpty ? nil : next
        older.arrived(more: older.next != nil, added: false)
        toolbar = Toolbar(localizer: app.localizer, first: first, second: which == .mutes || which == .blocks ? nil : second)
        // What is chosen opens and says itself: the activate earcon, not its name again with "chosen".
        wheel.quietChoice = true
        relocalize()
    }

    var current: Account? { people.indices.contains(wheel.index) ? people[wheel.index] : nil }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        handle.name = app.string("screens.user.handle")
        name.name = app.string("screens.user.name")
        switch which {
        case .followers, .following, .boostedBy, .favouritedBy:
            wheel.title = app.string("screens.people.wheel")
            first.title = app.string("screens.people.follow")
            // Shown when the bar does not fit (40 columns); still said whole.
            first.shortTitle = app.string("screens.people.follow.short")
            second.title = app.string("screens.timeline.new-post")
        case .followRequests:
            wheel.title = app.string("safety.requests.wheel")
            first.title = app.string("safety.requests.accept")
            second.title = app.string("safety.requests.reject")
        case .mutes:
            wheel.title = app.string("mutes.wheel")
            first.title = app.string("mutes.unmute")
        case .blocks:
            wheel.title = app.string("blocks.wheel")
            first.title = app.string("blocks.unblock")
        }
        showPeople(index: wheel.index)
    }

    /// Shows the loaded people in the wheel, the marker at `index`.
    func showPeople(index: Int) {
        wheel.setPresented(people.map { app.present($0) }, index: min(index, max(0, people.count - 1)))
        wheel.continuesBelow = older.continues && !people.isEmpty
        showCurrent()
    }

    /// The handle and name above the wheel follow its item.
    func turnEnded() {
        guard shown != wheel.index else { return }
        showCurrent()
        loadOlderIfNear()
    }

    /// The wheel position the labels show.
    private var shown: Int?

    /// What the name label says of an empty list.
    var emptyText: String {
        switch which {
        case .followers, .following: app.string("lv.empty")
        case .boostedBy: app.string("boosted-by.empty")
        case .favouritedBy: app.string("favourited-by.empty")
        case .followRequests: app.string("safety.empty.requests")
        case .mutes: app.string("safety.empty.mutes")
        case .blocks: app.string("safety.empty.blocks")
        }
    }

    func showCurrent() {
        shown = wheel.index
        handle.text = current.map { "@" + TextSafety.stripped($0.acct) } ?? ""
        guard let person = current else {
            name.text = emptyText
            return
        }
        let shownName = TextSafety.stripped(person.plainName)
        guard which == .mutes else {
            name.text = shownName
            return
        }
        let until = muteEnds[person.id].map { app.string("safety.muted-until", ["date": ReminderText.time($0, app: app)]) }
            ?? app.string("safety.muted-forever")
        name.text = shownName + ". " + until
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if event.kind == .pastEnd, event.source === wheel { return movedPastEnd() }
        guard let person = current else {
            return event.kind == .activated ? ScreenResponse([app.say(emptyText, earcon: .edge)]) : .none
        }
        if case .selected = event.kind, event.source === wheel { return UserDetailsScreen.open(app: app, account: person) }
        guard event.kind == .activated, event.source === first || event.source === second else { return .none }
        return act(first: event.source === first, on: person)
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        guard let person = current else { return ScreenResponse([app.say(emptyText, earcon: .edge)]) }
        switch command {
        case .author: return UserDetailsScreen.open(app: app, account: person)
        case .compose where !which.isOwn: return ComposeScreen.open(app: app, mode: .mention(person))
        case .removeItem where which == .mutes || which == .blocks: return act(first: true, on: person)
        default: return .none
        }
    }
}
