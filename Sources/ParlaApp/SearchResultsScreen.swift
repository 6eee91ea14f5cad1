import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TerminalKit

/// One thing a search found.
enum SearchResult: Equatable {
    case account(Account)
    case hashtag(String)
    case post(Post)

    /// Unique among the results of every kind.
    var id: String {
        switch self {
        case .account(let account): "account:\(account.id)"
        case .hashtag(let tag): "tag:\(tag.lowercased())"
        case .post(let post): "post:\(post.id)"
        }
    }

    /// A page's results in the order line mode prints them: accounts, hashtags, posts.
    static func all(_ results: SearchResults) -> [SearchResult] {
        results.accounts.map(SearchResult.account) + results.hashtags.map(SearchResult.hashtag) + results.posts.map(SearchResult.post)
    }
}

/// What a search found: the whole of the result under the marker, the wheel of results (people,
/// hashtags, posts, each said as what it is) and where you are. The next page is asked for when the
/// marker comes within a few results of the loaded end. Enter opens a person's details, a hashtag's
/// timeline or a post's thread.
final class SearchResultsScreen: AppScreen {
    /// Results of each kind per request: the most Mastodon's search gives at once.
    static let pageSize = 40

    unowned let app: AppContext
    let query: String
    private(set) var results: [SearchResult] = []
    let detail = Label(text: "")
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let whereLabel = Label(text: "")
    let toolbar: Toolbar
    /// Whether more results follow the loaded ones.
    var older = OlderPages()
    /// How many results of each kind were asked for so far (the next page's offset).
    private(set) var offset = 0
    /// The wheel position the labels show.
    private var shown: Int?

    var title: String { app.string("search.results.title", ["query": TextSafety.stripped(query)]) }
    var helpIntro: String { app.string("search.results.help") }
    var controls: [any Control] { [detail, wheel, whereLabel] }
    var initialFocus: Int { 1 }
    var bindings: [Binding] { app.bindings(for: [.goTo, .followHashtag, .contentWarning]) }
    /// The posts whose warning (an author's or a filter's) the user opened here.
    let warnings = OpenedWarnings()

    init(app: AppContext, query: String, first: SearchResults) {
        self.app = app
        self.query = query
        toolbar = Toolbar(localizer: app.localizer)
        // What is chosen opens and says itself: the activate earcon, not its name again with "chosen".
        wheel.quietChoice = true
        results = SearchResult.all(first)
        offset = Self.pageSize
        older.arrived(more: Self.isFull(first), added: false)
        relocalize()
    }

    /// Whether a page came full for some kind: then more of that kind may follow.
    static func isFull(_ page: SearchResults) -> Bool {
        [page.accounts.count, page.hashtags.count, page.posts.count].contains { $0 >= pageSize }
    }

    var current: SearchResult? { results.indices.contains(wheel.index) ? results[wheel.index] : nil }

    func relocalize() {
        wheel.readOn(app)
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        detail.name = ""
        wheel.title = app.string("search.results.wheel")
        whereLabel.name = ""
        showResults(index: wheel.index)
    }

    /// A result as shown and said: a person or a hashtag says what it is first, a post is read as on a timeline.
    func present(_ result: SearchResult) -> Presented {
        switch result {
        case .account(let account):
            let person = app.present(account)
            let intro = app.string("search.results.person")
            // On screen the name and handle, then the bio when there is one.
            let display = [intro + " " + person.line, person.display].filter { !$0.isEmpty }.joined(separator: "\n")
            return Presented(display: display, line: intro + " " + person.line, spoken: intro + " " + person.spoken,
                             language: person.language, segments: [SpeechText.Segment(intro + " ", language: nil)] + person.segments)
        case .hashtag(let tag):
            let text = app.timelineName(.hashtag(tag))
            return Presented(display: text, line: text, spoken: app.spokenTimelineName(.hashtag(tag)), language: nil)
        case .post(let post):
            return warnings.present(post, app: app)
        }
    }

    /// Shows the loaded results, the marker at `index`.
    func showResults(index: Int) {
        let shownResults = results
        wheel.continuesBelow = older.continues && !results.isEmpty
        wheel.setPresented(count: shownResults.count, index: index, hidden: { [unowned self] in
            guard case .post(let post) = shownResults[$0] else { return nil }
            return self.warnings.hiddenText(of: post, app: self.app)
        }) { [unowned self] in self.present(shownResults[$0]) }
        showCurrent()
    }

    /// After a turn: the labels follow the marker, and the next page is asked for near the end.
    func turnEnded() {
        guard shown != wheel.index else { return }
        showCurrent()
        loadMoreIfNear()
    }

    func showCurrent() {
        shown = wheel.index
        detail.text = current.map { wheel.currentPresented?.display ?? present($0).display } ?? app.string("search.results.none")
        // Where you are among what was loaded, and whether more follows (the title says what was searched).
        let position = ["index": String(wheel.index + 1), "count": String(results.count)]
        whereLabel.text = results.isEmpty ? app.string("search.results.none")
            : app.string(older.moreBelow ? "screens.where.more-below" : "lv.position", position)
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if event.kind == .pastEnd, event.source === wheel { return movedPastEnd() }
        guard case .selected = event.kind, event.source === wheel, let result = current else { return .none }
        let app = self.app
        let engine = app.engine
        switch result {
        case .account(let account):
            return UserDetailsScreen.open(app: app, account: account)
        case .hashtag(let tag):
            return app.openTimeline(.timeline(.hashtag(tag), owner: nil), what: app.timelineName(.hashtag(tag)))
        case .post(let post):
            let source = TimelineSource.thread(focusId: post.shown.id)
            return app.load(app.string("screens.loading.thread"), { try await TimelineScreen.fetch(source, engine: engine) },
                            as: { .timeline(source, $0) })
        }
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        if command == .contentWarning {
            guard case .post(let post) = current else { return ScreenResponse([app.say(app.string("screens.post.no-warning"))]) }
            let (response, changed) = warnings.toggle(post, app: app)
            if changed { showResults(index: wheel.index) }
            return response
        }
        if command == .followHashtag {
            guard case .hashtag(let tag) = current else { return ScreenResponse([app.say(app.string("tags.not-a-tag-result"), earcon: .error)]) }
            return AccountToolResult.toggleFollowing(hashtag: tag, app: app)
        }
        return command == .goTo ? ScreenResponse(navigation: .push(SwitcherScreen(app: app, from: title))) : .none
    }

    /// The whole result over the wheel, the wheel, where you are at the bottom.
    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        let detailRows = area.height >= 14 ? 3 : 2
        let detailRect = Rect(x: area.x, y: area.y, width: area.width, height: detailRows)
        let whereRect = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        let top = area.y + detailRows + (area.height >= 14 ? 1 : 0)
        let wheelRect = Rect(x: area.x, y: top, width: area.width, height: max(1, area.maxY - 1 - top))
        return [detailRect, wheelRect, whereRect]
    }
}

extension SearchResultsScreen: MessageReceiver {
    /// The results of the calls the screen starts.
    enum Message {
        /// The next page of results came or failed.
        case page(Result<SearchResults, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .page(let result): receivePage(result)
        }
    }

    /// Asks for the next page when the marker came within a few results of the loaded end.
    func loadMoreIfNear() {
        guard older.startIfNear(index: wheel.index, count: results.count) else { return }
        requestPage()
    }

    /// Down on the last result while more may follow: the page is asked for (unless on its way), the
    /// marker moves on when it arrives, and "loading" is said once.
    func movedPastEnd() -> ScreenResponse {
        let (request, sayLoading) = older.userWaits()
        if request { requestPage() }
        return sayLoading ? ScreenResponse([app.say(app.string("screens.timeline.loading-more"))]) : .none
    }

    /// One request for the next page: the results after those loaded, at the largest page size.
    private func requestPage() {
        let engine = app.engine
        let query = self.query
        let offset = self.offset
        app.call({ try await engine.search(query, limit: Self.pageSize, offset: offset) }, for: self, as: Message.page)
    }

    /// Results came: they follow the loaded ones; the marker stays, or moves to the first new one when the user waited.
    private func receivePage(_ result: Result<SearchResults, MicroblogError>) -> ScreenResponse {
        let waiting = older.waiting
        older.waiting = false
        switch result {
        case .success(let page):
            offset += Self.pageSize
            let known = Set(results.map(\.id))
            let added = SearchResult.all(page).filter { !known.contains($0.id) }
            older.arrived(more: Self.isFull(page) && !added.isEmpty, added: !added.isEmpty)
            let oldCount = results.count
            results += added
            showResults(index: waiting && !added.isEmpty ? oldCount : wheel.index)
            guard waiting else { return .none }
            if added.isEmpty { return ScreenResponse([.play(.edge)]) }
            app.request(.readIfFocused(wheel))
            return .none
        case .failure(let error):
            older.failed()
            showCurrent()
            guard waiting, !error.isTransient else { return .none }
            return app.report(error)
        }
    }
}
