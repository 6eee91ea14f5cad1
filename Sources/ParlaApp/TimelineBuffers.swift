import LVControls

/// The timelines open in this session, in the order they were first opened (home first), like the
/// buffers of an editor: each keeps its screen, so going back to it finds the post where the user
/// left it and the older pages already loaded. A thread is not one of them.
///
/// Where the user left each timeline also outlives the session: every screen saves its reading
/// position with the engine (server markers for home and notifications, local storage for the rest),
/// and a timeline opened again after a restart starts there.
final class TimelineBuffers {
    /// The open timelines' screens, home first.
    private(set) var screens: [TimelineScreen] = []

    /// Whether `source` is kept as an open timeline (a thread is not).
    static func keeps(_ source: TimelineSource) -> Bool {
        if case .thread = source { return false }
        return true
    }

    /// Adds a timeline's screen; one opened again replaces its earlier screen in the same place.
    func open(_ screen: TimelineScreen) {
        guard Self.keeps(screen.source) else { return }
        if let at = screens.firstIndex(where: { $0.source == screen.source }) {
            screens[at] = screen
        } else {
            screens.append(screen)
        }
    }

    /// The open screen of a timeline, if it is open.
    func screen(for source: TimelineSource) -> TimelineScreen? {
        screens.first { $0.source == source }
    }

    /// Forgets every timeline (another account is in use).
    func closeAll() { screens.removeAll() }

    /// The open timeline `step` places after `screen` (before it when negative), going round; from a
    /// screen that is not an open timeline (a thread), the first going forward and the last going back.
    ///
    /// - Returns: the screen and whether the move went round the end.
    func neighbour(of screen: TimelineScreen, step: Int) -> (screen: TimelineScreen, wrapped: Bool)? {
        guard !screens.isEmpty else { return nil }
        guard let at = screens.firstIndex(where: { $0 === screen }) else {
            return (step > 0 ? screens[0] : screens[screens.count - 1], false)
        }
        let target = at + step
        let wrapped = target < 0 || target >= screens.count
        return (screens[(target % screens.count + screens.count) % screens.count], wrapped)
    }

    /// The screens to show with `screen` on top: home alone, or home under it (Esc goes home).
    func stack(showing screen: TimelineScreen) -> [any Screen] {
        guard let home = screens.first, home !== screen else { return [screen] }
        return [home, screen]
    }
}
