import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// Go to another timeline (`g`): says where you are, a wheel of places, a hashtag field.
final class SwitcherScreen: AppScreen {
    enum Place: Equatable {
        case timeline(TimelineKind)
        case notifications
        case list(UserList)
        /// A custom feed the user saved (Bluesky's).
        case feed(CustomFeed)
        case account(String)
        /// Search, the own profile, the outbox and drafts, the budget.
        case command(ScreenCommand)
        case settings
        case about
        /// Quits Parla as Ctrl+Q does, drafts kept: the last place, so that a switch user, who has no Ctrl+Q, can quit.
        case quit
    }

    unowned let app: AppContext
    let from: String
    let whereLabel = Label(text: "")
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let hashtag = TextField("")
    let toolbar: Toolbar
    private(set) var places: [Place] = []

    var title: String { app.string("screens.switcher.title") }
    var helpIntro: String { app.string("screens.switcher.help") + " " + app.string("places.quit.help") }
    var controls: [any Control] { [whereLabel, wheel, hashtag] }
    var initialFocus: Int { 1 }

    init(app: AppContext, from: String) {
        self.app = app
        self.from = from
        toolbar = Toolbar(localizer: app.localizer)
        // The place chosen says itself as it opens: the activate earcon, not "Local chosen" first.
        wheel.quietChoice = true
        hashtag.quietSubmit = true
        places = Self.places(app: app, saved: app.state.saved ?? SavedTimelines())
        relocalize()
        let engine = app.engine
        app.call({ try await engine.savedTimelines() }, for: self, as: Message.saved)
    }

    /// Every place, the user's lists and saved feeds before Settings and About; Quit Parla last.
    /// Only what the account's network has: no local timeline on Bluesky, nor its filters.
    static func places(app: AppContext, saved: SavedTimelines) -> [Place] {
        let capabilities = app.capabilities
        let timelines: [TimelineKind] = [.home, .mentions, .direct, .local, .federated, .bookmarks, .favourites]
        let offered = timelines.filter(capabilities.offers(reading:))
        var places: [Place] = offered.prefix(2).map(Place.timeline) + [.notifications] + offered.dropFirst(2).map(Place.timeline)
        places += app.accounts.names.filter { $0 != app.state.accountName }.map(Place.account)
        if capabilities.has(.lists) { places += saved.lists.map(Place.list) }
        if capabilities.has(.customFeeds) { places += saved.feeds.map(Place.feed) }
        let commands = AccountToolKeys.places + [.filters, .mutes, .blocks, .domainBlocks, .followRequests, .search, .profile, .outbox, .reminders, .budget]
        return places + commands.filter(app.offers).map(Place.command) + [.settings, .about, .quit]
    }

    func present(_ place: Place) -> Presented {
        let text: String = switch place {
        case .timeline(let kind): app.timelineName(kind)
        case .notifications: app.string("screens.timeline.notifications")
        case .list(let list): app.string("screens.timeline.list", ["name": TextSafety.stripped(list.title)])
        case .feed(let feed): app.timelineName(.feed(id: feed.id), owner: feed.name)
        case .account(let name): app.string("screens.switcher.account", ["name": TextSafety.stripped(name)])
        case .command(let command): app.string("places.\(command.rawValue)")
        case .settings: app.string("screens.settings.title")
        case .about: app.string("screens.about.title")
        case .quit: app.string("places.quit")
        }
        return Presented(display: text, line: text, spoken: text, language: nil)
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        whereLabel.name = ""
        whereLabel.text = app.string("screens.where", ["name": from])
        wheel.title = app.string("screens.switcher.places")
        hashtag.title = app.string("screens.switcher.hashtag")
        wheel.setPresented(places.map(present), index: wheel.index)
    }

    /// Whether `tag` (without "#") can be a hashtag, as Mastodon's pattern has it: letters, marks, digits, "_", "·" and
    /// the zero-width non-joiner, with at least one letter ("#  !!" and "hola mundo" are not).
    static func isHashtag(_ tag: String) -> Bool {
        let separators: Set<Character> = ["_", "·", "\u{200C}"]
        // A mark is part of the letter it follows (one Character), which `isLetter` takes whole.
        return tag.contains { $0.isLetter } && tag.allSatisfy { separators.contains($0) || $0.isLetter || $0.isNumber }
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if event.source === hashtag, event.kind == .activated {
            let tag = hashtag.text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#"))
            guard !tag.isEmpty else { return ScreenResponse([app.say(app.string("screens.switcher.no-tag"), earcon: .error)]) }
            // What the field holds stays for the user to mend.
            guard Self.isHashtag(tag) else {
                let said = app.string("screens.switcher.bad-tag", ["tag": TextSafety.stripped(tag)])
                app.request(.show(said))
                return ScreenResponse([app.say(said, earcon: .error)])
            }
            return open(.timeline(.hashtag(tag)))
        }
        guard case .selected(let index) = event.kind, event.source === wheel, places.indices.contains(index) else { return .none }
        return open(places[index])
    }

    func open(_ place: Place) -> ScreenResponse {
        let app = self.app
        switch place {
        case .settings: return ScreenResponse(navigation: .replace(SettingsScreen(app: app)))
        case .about: return ScreenResponse(navigation: .replace(AboutScreen(app: app)))
        case .quit: return ScreenResponse(navigation: .quit)
        case .command(let command): return app.open(command, replacing: true)
        case .account(let name):
            guard let other = app.engine(forAccount: name) else {
                return app.report(.noAccount(name: name))
            }
            return app.load(app.string("screens.loading.account", ["name": TextSafety.stripped(name)]), {
                let home = try await TimelineScreen.fetch(.timeline(.home, owner: nil), engine: other)
                return (home.0, home.1, await RestoredTimelines.load(from: other))
            }, as: { .account(name, other, $0) })
        default:
            let source: TimelineSource = switch place {
            case .timeline(let kind): .timeline(kind, owner: nil)
            case .list(let list): .timeline(.list(id: list.id), owner: list.title)
            case .feed(let feed): .timeline(.feed(id: feed.id), owner: feed.name)
            default: .notifications
            }
            return app.openTimeline(source, what: present(place).spoken)
        }
    }

    /// Where you are, the places and the hashtag field: the places take the rows the screen has (at 80×24 fifteen
    /// places, not six over an empty half), the hashtag field the last; a screen too small for that scrolls
    /// them as every screen does.
    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        let whereRows = whereLabel.preferredHeight(width: area.width)
        let hashtagRows = hashtag.preferredHeight(width: area.width)
        let wheelRows = area.height - whereRows - 1 - 1 - hashtagRows
        guard wheelRows > wheel.preferredHeight(width: area.width) else { return ScrollingLayout.vertical(controls, in: area, focus: focus) }
        return [
            Rect(x: area.x, y: area.y, width: area.width, height: whereRows),
            Rect(x: area.x, y: area.y + whereRows + 1, width: area.width, height: wheelRows),
            Rect(x: area.x, y: area.maxY - hashtagRows, width: area.width, height: hashtagRows),
        ]
    }
}

extension SwitcherScreen: MessageReceiver {
    /// The results of the calls the screen starts.
    enum Message {
        /// The user's lists and saved feeds, offered among the places (nothing is said when they cannot be read).
        case saved(Result<SavedTimelines, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .saved(let result):
            guard case .success(let saved) = result else { return .none }
            app.send(.savedTimelines(saved, account: app.state.accountName))
            let fresh = Self.places(app: app, saved: saved)
            guard fresh != places else { return .none }
            // The marker stays on the place it was on; the count said on entry is said again as it now is.
            let current = places.indices.contains(wheel.index) ? places[wheel.index] : nil
            places = fresh
            wheel.setPresented(places.map(present), index: current.flatMap { places.firstIndex(of: $0) } ?? wheel.index)
            let position = app.string("lv.position", ["index": String(wheel.index + 1), "count": String(places.count)])
            // Queued behind what is being said; a key pressed before it is heard makes it stale, and withdraws it.
            var notice = Utterance(app.string("feedback.places.changed", ["name": wheel.title, "position": position]), priority: .notification)
            notice.withdrawnByNextKey = true
            return ScreenResponse([.say(notice)])
        }
    }
}

/// About Parla (the thesis's figure 20): what it is, its version, who made it; Back returns.
final class AboutScreen: AppScreen {
    unowned let app: AppContext
    let name = Label(text: "")
    let summary = Label(text: "")
    let credits = Label(text: "")
    let contact = Label(text: "")
    let toolbar: Toolbar
    var title: String { app.string("screens.about.title") }
    var helpIntro: String { app.string("screens.about.help") }
    var controls: [any Control] { [name, summary, credits, contact] }

    /// Parla's version, shown on About.
    static let version = "0.1.0"

    init(app: AppContext) {
        self.app = app
        toolbar = Toolbar(localizer: app.localizer)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        name.text = app.string("screens.about.name", ["version": Self.version])
        summary.text = app.string("screens.about.summary")
        credits.text = app.string("screens.about.credits")
        contact.text = app.string("screens.about.contact")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse { .none }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        return ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}

/// The links of a post: each said by its domain; Enter opens it in the system's browser, or shows
/// and says the whole address where there is none (``open(_:)``).
final class LinksScreen: AppScreen {
    unowned let app: AppContext
    let links: [(label: String, url: String)]
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let address = Label(text: "")
    let toolbar: Toolbar
    var title: String { app.string("screens.links.title") }
    var helpIntro: String { app.string("screens.links.help") }
    var controls: [any Control] { [wheel, address] }

    init(app: AppContext, links: [(label: String, url: String)]) {
        self.app = app
        self.links = links
        toolbar = Toolbar(localizer: app.localizer)
        // What Enter did is said with the link's name ("Opened in the browser: …"): the earcon, not the name twice.
        wheel.quietChoice = true
        relocalize()
    }

    /// The address under the wheel follows its item.
    func turnEnded() {
        let url = links.indices.contains(wheel.index) ? links[wheel.index].url : ""
        if address.text != url { address.text = url }
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("screens.links.wheel")
        address.name = app.string("screens.links.address")
        wheel.setPresented(links.map { Presented(display: $0.url, line: $0.label, spoken: $0.label, language: nil) }, index: wheel.index)
        address.text = links.indices.contains(wheel.index) ? links[wheel.index].url : ""
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard case .selected(let index) = event.kind, links.indices.contains(index) else { return .none }
        return open(links[index])
    }
}

/// Voting in a poll: the question (the post's text), one toggle per option (only one stays on unless the poll
/// allows several), then Vote.
final class PollScreen: AppScreen {
    unowned let app: AppContext
    let poll: Poll
    /// What the poll asks: the post's text, shown first and said with the title in the post's voice.
    let asked: Label
    /// How to choose, and the votes so far; focused when the dialog opens.
    let question = Label(text: "")
    let options: [Toggle]
    let vote = Button.quiet()
    let toolbar: Toolbar
    /// The options of the vote on its way.
    private var sent: [Int] = []
    var title: String { app.string("screens.poll.title") }
    /// "Poll. Which screen reader do you use?": the question is heard before how to choose (at 40×12 the
    /// timeline shows only two lines of it).
    var spokenTitle: String? {
        let said = asked.spokenText ?? ""
        guard !said.isEmpty else { return nil }
        var spoken = title + ". " + said
        while spoken.last == "." || spoken.last == " " { spoken.removeLast() }
        return spoken
    }
    /// The question in the post's voice.
    var spokenTitleVoices: [Utterance.Segment] {
        guard let language = asked.language, let said = spokenTitle, said.count > title.count + 2 else { return [] }
        return [Utterance.Segment(String(said.dropFirst(title.count + 2)), language: language)]
    }
    var helpIntro: String { app.string("screens.poll.help") }
    var controls: [any Control] { (asked.text.isEmpty ? [] : [asked]) + [question] + options + [vote] }
    /// How to choose has focus at first: the question was said with the title.
    var initialFocus: Int { asked.text.isEmpty ? 0 : 1 }

    /// - Parameters:
    ///   - asked: the post's text, shown and said (made safe by the presenter).
    ///   - language: the post's voice (a BCP 47 tag; nil: the interface's).
    ///   - emojis: the post's custom emoji, named in the options as in its text.
    init(app: AppContext, poll: Poll, asked: SpeechText.Text, language: String?, emojis: [CustomEmoji] = []) {
        self.app = app
        self.poll = poll
        self.asked = Label(text: asked.display)
        self.asked.spokenText = asked.spoken
        self.asked.language = language
        options = app.services.presenter.pollOptions(poll, emojis: emojis, localizer: app.localizer).enumerated().map { index, title in
            let option = Toggle(title.display, isOn: poll.ownVotes.contains(index))
            // An option is the author's words: read in the post's voice.
            option.titleLanguage = language
            return option
        }
        toolbar = Toolbar(localizer: app.localizer)
        // The vote is said once the server answered.
        vote.quietPress = true
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        question.text = app.string(poll.expired ? "screens.poll.closed" : poll.multiple ? "screens.poll.multiple" : "screens.poll.single",
                                   ["votes": String(poll.votesCount)])
        vote.title = app.string("screens.poll.vote")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if case .toggled(true) = event.kind, !poll.multiple {
            for option in options where option !== event.source { option.setOn(false) }
            return .none
        }
        guard event.kind == .activated, event.source === vote else { return .none }
        let choices = options.enumerated().filter { $0.element.isOn }.map(\.offset)
        guard !poll.expired else { return ScreenResponse([app.say(app.string("screens.poll.closed", ["votes": String(poll.votesCount)]), earcon: .error)]) }
        guard !choices.isEmpty else { return ScreenResponse([app.say(app.string("screens.poll.choose"), earcon: .error)]) }
        let engine = app.engine
        let id = poll.id
        sent = choices
        app.callWatchingLimit({ try await engine.vote(pollId: id, choices: choices) }, for: self, evenIfClosed: true, as: Message.voted)
        return ScreenResponse(navigation: .pop)
    }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        return ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}

extension PollScreen: MessageReceiver {
    /// The results of the calls the screen starts.
    enum Message {
        /// The vote went through or failed (said even though the screen has closed).
        case voted(Result<Poll, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .voted(.success(let fresh)):
            // "Vote counted: Tea": the choice the server counted, else the one sent.
            let counted = fresh.ownVotes.isEmpty ? sent : fresh.ownVotes
            let titles = counted.filter { poll.options.indices.contains($0) }.map { TextSafety.stripped(poll.options[$0].title) }
            let said = titles.isEmpty ? app.string("screens.poll.voted")
                : app.string("result.poll.voted", ["choices": titles.joined(separator: app.string("post.separator"))])
            return ScreenResponse([app.say(said, earcon: .sent)])
        case .voted(.failure(let error)): return app.report(error)
        }
    }
}
