import LVControls
import MicroblogKit

extension AppContext {
    /// Opens one of the places every timeline reaches by a key and Go to lists: search, the user's
    /// own profile, the outbox and drafts, the budget. `replacing`: in place of the screen on top
    /// (Go to gives way to it); otherwise over it.
    func open(_ command: ScreenCommand, replacing: Bool = false) -> ScreenResponse {
        if let refusal = refusal(command) { return refusal }
        switch command {
        case .search:
            let screen = SearchScreen(app: self)
            return ScreenResponse(navigation: replacing ? .replace(screen) : .push(screen))
        case .profile: return UserDetailsScreen.openOwn(app: self)
        case .outbox: return OutboxScreen.open(app: self)
        case .budget: return BudgetScreen.open(app: self)
        case .followRequests: return PeopleScreen.openOwn(app: self, which: .followRequests)
        case .mutes: return PeopleScreen.openOwn(app: self, which: .mutes)
        case .blocks: return PeopleScreen.openOwn(app: self, which: .blocks)
        case .domainBlocks: return DomainBlocksScreen.open(app: self)
        case .filters: return FiltersScreen.open(app: self)
        case .reminders: return RemindersScreen.open(app: self)
        case .lists: return ListsScreen.open(app: self)
        case .followedTags: return FollowedTagsScreen.open(app: self)
        case .trending: return TrendsScreen.open(app: self)
        default: return .none
        }
    }

    /// Opens a timeline: an open one where the user left it, another behind the loading screen from
    /// the cache (or the server), at the post where the user left it last time.
    func openTimeline(_ source: TimelineSource, what: String) -> ScreenResponse {
        if let open = buffers.screen(for: source) { return open.reopen() }
        let engine = self.engine
        var said: String?
        if case .timeline(let kind, _) = source { said = self.said(what, naming: kind) }
        return load(what, said: said, { try await TimelineScreen.fetchRestoring(source, engine: engine) }, as: { [unowned self] result in
            .screen(result.map { TimelineScreen.opened(app: self, source: source, $0) })
        })
    }
}
