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
        let engine = app.engine
        guard let saved = await engine.openTimelines(), let home = app.buffers.screens.first else {
            keptOpenTimelines = (app.state.accountName, openTimelines)
            return
        }
        var focused: TimelineScreen = home
        for (place, item) in saved.timelines.enumerated() {
            guard let source = TimelineSource(saved: item) else { continue }
            var screen = app.buffers.screen(for: source)
            if screen == nil {
                let (entries, index) = await TimelineScreen.cachedEntries(source, engine: engine)
                screen = TimelineScreen(app: app, source: source, entries: entries, index: index)
            }
            if place == saved.focused, let screen { focused = screen }
        }
        if focused !== home { host.setStack(app.buffers.stack(showing: focused)) }
        keptOpenTimelines = (app.state.accountName, openTimelines)
    }

    /// Keeps which timelines are open with the account when that changed this turn (the account Parla started
    /// on: another one switched to in the session keeps what it had).
    func keepOpenTimelines() {
        guard let kept = keptOpenTimelines, kept.account == app.state.accountName else { return }
        let now = openTimelines
        guard now != kept.timelines else { return }
        keptOpenTimelines = (kept.account, now)
        let engine = app.engine
        runtime.fire { await engine.saveOpenTimelines(now) }
    }
}
