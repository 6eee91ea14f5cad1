import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import TerminalKit

/// Search (`/`, or Go to): what to look for; Enter searches accounts, hashtags and posts behind the
/// loading screen (Esc cancels) and opens the results. Back from the results returns here with the
/// words still in the field.
final class SearchScreen: AppScreen {
    unowned let app: AppContext
    let query = TextField("")
    let toolbar: Toolbar

    var title: String { app.string("search.title") }
    var helpIntro: String { app.string("search.help") }
    var controls: [any Control] { [query] }
    var bindings: [Binding] { app.bindings(for: [.goTo]) }

    init(app: AppContext) {
        self.app = app
        // What Enter finds or opens says itself: no "query sent" first.
        query.quietSubmit = true
        toolbar = Toolbar(localizer: app.localizer)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        query.title = app.string("search.query")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.source === query, event.kind == .activated else { return .none }
        let words = query.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty else { return ScreenResponse([app.say(app.string("search.no-query"), priority: .alert, earcon: .error)]) }
        let engine = app.engine
        let app = self.app
        return app.load(app.string("search.results.title", ["query": TextSafety.stripped(words)]), {
            try await engine.search(words, limit: SearchResultsScreen.pageSize, offset: 0)
        }, as: { result in .screen(result.map { SearchResultsScreen(app: app, query: words, first: $0) }) })
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        command == .goTo ? ScreenResponse(navigation: .push(SwitcherScreen(app: app, from: title))) : .none
    }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}
