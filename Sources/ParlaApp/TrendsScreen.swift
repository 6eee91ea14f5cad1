import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TerminalKit

/// What is trending on the server (from Go to): one wheel of the trending posts, then the trending
/// hashtags. Enter opens a post's thread or a hashtag's timeline; Links (F2) lists the links being shared.
final class TrendsScreen: AppScreen {
    enum Item {
        case post(Post)
        case hashtag(Hashtag)
    }

    unowned let app: AppContext
    let items: [Item]
    let links: [LinkCard]
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let linksButton = Button.quiet()
    let toolbar: Toolbar

    var title: String { app.string("trends.title") }
    var helpIntro: String { app.string("trends.help") }
    var controls: [any Control] { [wheel] }
    var bindings: [Binding] { app.bindings(for: [.contentWarning]) }
    /// The posts whose warning (an author's or a filter's) the user opened here.
    let warnings = OpenedWarnings()

    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("trends.title"), { () -> ([Post], [Hashtag], [LinkCard]) in
            (try await engine.trendingPosts(limit: 20), try await engine.trendingHashtags(limit: 10), try await engine.trendingLinks(limit: 10))
        }, as: { result in
            .screen(result.map { TrendsScreen(app: app, posts: $0.0, hashtags: $0.1, links: $0.2) as any Screen })
        })
    }

    init(app: AppContext, posts: [Post], hashtags: [Hashtag], links: [LinkCard]) {
        self.app = app
        items = posts.map(Item.post) + hashtags.map(Item.hashtag)
        self.links = links
        toolbar = Toolbar(localizer: app.localizer, first: linksButton)
        // What is chosen opens and says itself: the activate earcon, not its name again with "chosen".
        wheel.quietChoice = true
        relocalize()
    }

    func relocalize() {
        wheel.readOn(app)
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("trends.wheel")
        linksButton.title = app.string("trends.links")
        showItems()
    }

    /// Presents the items again (in this language, with the warnings opened as they are now).
    private func showItems() {
        let index = min(wheel.index, max(0, items.count - 1))
        // None: the list is empty and says so ("Nothing is trending."), not "1 of 1".
        wheel.emptyValue = app.string("trends.empty")
        let items = self.items
        wheel.setPresented(count: items.count, index: index, hidden: { [unowned self] in
            guard case .post(let post) = items[$0] else { return nil }
            return self.warnings.hiddenText(of: post, app: self.app)
        }) { [unowned self] in self.present(items[$0]) }
    }

    /// The warning key opens or closes the warning of the post under the marker.
    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        guard command == .contentWarning else { return .none }
        guard items.indices.contains(wheel.index), case .post(let post) = items[wheel.index] else {
            return ScreenResponse([app.say(app.string("screens.post.no-warning"))])
        }
        let (response, changed) = warnings.toggle(post, app: app)
        if changed { showItems() }
        return response
    }

    private func present(_ item: Item) -> Presented {
        switch item {
        case .post(let post): return warnings.present(post, app: app)
        case .hashtag(let tag):
            let text = hashtagText(tag)
            return Presented(display: text, line: text, spoken: app.said(text, naming: .hashtag(tag.name)), language: nil)
        }
    }

    /// "Hashtag #birds: 12 posts by 3 people this week."
    private func hashtagText(_ tag: Hashtag) -> String {
        var text = app.string("trends.hashtag", ["tag": TextSafety.stripped(tag.name)])
        if tag.uses > 0 {
            text += " " + app.string("tags.week", [
                "posts": app.localizer.plural("tags.posts", count: tag.uses), "people": app.localizer.plural("tags.people", count: tag.people),
            ])
        }
        if tag.following { text += " " + app.string("tags.following") }
        return text
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if event.kind == .activated, event.source === linksButton {
            guard !links.isEmpty else { return ScreenResponse([app.say(app.string("trends.no-links"), earcon: .edge)]) }
            let labelled = links.map { (label: TextSafety.stripped($0.title.isEmpty ? $0.url : $0.title), url: $0.url) }
            return ScreenResponse(navigation: .push(LinksScreen(app: app, links: labelled)))
        }
        guard case .selected(let index) = event.kind, event.source === wheel, items.indices.contains(index) else { return .none }
        let engine = app.engine
        switch items[index] {
        case .post(let post):
            let source = TimelineSource.thread(focusId: post.shown.id)
            return app.load(app.string("screens.loading.thread"), { try await TimelineScreen.fetch(source, engine: engine) },
                            as: { .timeline(source, $0) })
        case .hashtag(let tag):
            return app.openTimeline(.timeline(.hashtag(tag.name), owner: nil), what: app.timelineName(.hashtag(tag.name)))
        }
    }
}
