import MicroblogKit

extension TimelineSource {
    /// How an open timeline is kept across restarts; nil for a thread (not one of the open timelines).
    var saved: OpenTimelines.Timeline? {
        switch self {
        case .timeline(let kind, let owner): OpenTimelines.Timeline(key: kind.key, owner: owner)
        case .notifications: OpenTimelines.Timeline(key: TimelineSource.notifications.key)
        case .thread: nil
        }
    }

    /// The open timeline kept as `saved`; nil when the key is not one Parla knows.
    init?(saved: OpenTimelines.Timeline) {
        if saved.key == TimelineSource.notifications.key {
            self = .notifications
        } else if let kind = TimelineKind(key: saved.key) {
            self = .timeline(kind, owner: saved.owner)
        } else {
            return nil
        }
    }
}

extension ParlaApplication {
    /// The open timelines now, in their order, and the one the user is on (the top one of the screens
    /// shown, or home when another screen is over it).
    var openTimelines: OpenTimelines {
        let open = app.buffers.screens
        let shown = host.screens.last { screen in open.contains { $0 === screen } }
        let focused = open.firstIndex { $0 === shown } ?? 0
        return OpenTimelines(timelines: open.compactMap(\.source.saved), focused: focused)
    }

    /// Brings back the timelines open when Parla last ran, in their order, from the cache (no network), each
    /// at the entry the user left; the one the user was on is shown, over home.
    func restoreOpenTimelines() async {
        if let restored = await RestoredTimelines.load(from: app.engine), let home = app.buffers.screens.first {
            let focused = restored.open(in: app, home: home)
            if focused !== home { host.setStack(app.buffers.stack(showing: focused)) }
        }
        keptOpenTimelines = (app.state.accountName, openTimelines)
    }

    /// Keeps which timelines are open with the account in use when that changed this turn. After a switch
    /// to another account (which brought back that account's own open timelines), what is open is that
    /// account's from then on.
    func keepOpenTimelines() {
        guard let kept = keptOpenTimelines else { return }
        let now = openTimelines
        guard kept.account == app.state.accountName else {
            keptOpenTimelines = (app.state.accountName, now)
            return
        }
        guard now != kept.timelines else { return }
        keptOpenTimelines = (kept.account, now)
        let engine = app.engine
        runtime.fire { await engine.saveOpenTimelines(now) }
    }
}

/// An account's open timelines as its cache kept them, each with its cached entries and place: read
/// without the network, off the key loop, at start and on switching to the account.
struct RestoredTimelines: Sendable {
    struct Timeline: Sendable {
        let source: TimelineSource
        let entries: [TimelineEntry]
        let index: Int
    }

    /// The timelines after home (home is loaded on its own), in their order.
    let timelines: [Timeline]
    /// Which of the saved timelines the user was on (0: home).
    let focused: OpenTimelines.Timeline?

    /// What `engine`'s cache kept; nil when it kept nothing.
    static func load(from engine: any AccountEngine) async -> RestoredTimelines? {
        guard let saved = await engine.openTimelines() else { return nil }
        let home = TimelineSource.timeline(.home, owner: nil)
        var timelines: [Timeline] = []
        for item in saved.timelines {
            guard let source = TimelineSource(saved: item), source != home else { continue }
            let (entries, index) = await TimelineScreen.cachedEntries(source, engine: engine)
            timelines.append(Timeline(source: source, entries: entries, index: index))
        }
        let focused = saved.timelines.indices.contains(saved.focused) ? saved.timelines[saved.focused] : nil
        return RestoredTimelines(timelines: timelines, focused: focused)
    }

    /// Opens the timelines (a timeline already open is kept as it is) after `home`; returns the one the user was on.
    func open(in app: AppContext, home: TimelineScreen) -> TimelineScreen {
        var focusedScreen = home
        for timeline in timelines {
            let screen = app.buffers.screen(for: timeline.source)
                ?? TimelineScreen(app: app, source: timeline.source, entries: timeline.entries, index: timeline.index)
            if timeline.source.saved == focused { focusedScreen = screen }
        }
        return focusedScreen
    }
}
