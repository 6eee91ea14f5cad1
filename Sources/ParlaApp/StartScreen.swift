import LVControls
import ParlaBase
import TerminalKit

/// Parla's first screen: a few focusable items that prove the terminal stack end to end.
///
/// Tab/Shift+Tab and the arrows move focus; the focused item is drawn in reverse video after a
/// marker and holds the hardware cursor; Enter or Space activates; F1 shows the screen's help
/// made from its key table; Ctrl+Q quits. Below 40×12 the screen says it is too small.
public struct StartScreen: Sendable {
    /// What the user can do on this screen.
    public enum Action: Hashable, Sendable {
        case next, previous, activate, help, quit
    }

    /// The focusable items, in focus order.
    public enum Item: Int, CaseIterable, Sendable {
        case theme, language, about, quit
    }

    /// What handling a key led to.
    public enum Outcome: Equatable, Sendable {
        case stay
        case quit
    }

    /// The row of the first item.
    static let firstItemRow = 2

    /// The smallest size the screen lays out in.
    public static let minimumSize = Size(width: 40, height: 12)

    /// The key table: behaviour, help and input help all come from it.
    public static let bindings: [KeyBinding<Action>] = [
        KeyBinding([.tab, .down, .right], .next, "key.next"),
        KeyBinding([.backTab, .up, .left], .previous, "key.previous"),
        KeyBinding([.enter, .space], .activate, "key.activate"),
        KeyBinding([.f(1)], .help, "key.help"),
        KeyBinding([.ctrl("q")], .quit, "key.quit"),
    ]

    public private(set) var focus: Item = .theme
    public private(set) var themeName: ThemeName
    public private(set) var localizer: Localizer
    /// The text shown in the message area (help, about), if any.
    public private(set) var message: String?
    /// Whether colour may be used (false under `NO_COLOR`).
    public let colorAllowed: Bool
    public let charset: BoxCharset
    /// What the screen would say, newest last (handed to speech once it is wired in).
    public private(set) var announcements: [String] = []
    private var saidTooSmall = false

    public init(localizer: Localizer, theme: ThemeName, colorAllowed: Bool, charset: BoxCharset) {
        self.localizer = localizer
        self.themeName = colorAllowed ? theme : .monochrome
        self.colorAllowed = colorAllowed
        self.charset = charset
    }

    /// The theme in use.
    public var theme: Theme { Theme.named(themeName, ascii: charset == .ascii) }

    /// The label of an item as shown and spoken.
    public func label(of item: Item) -> String {
        switch item {
        case .theme:
            localizer.string("start.theme", ["name": localizer.string(themeName.nameKey)])
        case .language:
            localizer.string("start.language", ["name": localizer.string("language.\(localizer.language.code)")])
        case .about: localizer.string("start.about")
        case .quit: localizer.string("start.quit")
        }
    }

    /// The help text made from the key table: "Tab: next item. …".
    public func helpText() -> String {
        let parts = Self.bindings.map { binding in
            localizer.string("help.entry", [
                "key": KeyNaming.spoken(binding.keys[0], localizer: localizer),
                "action": localizer.string(binding.descriptionKey),
            ])
        }
        return localizer.string("start.help.intro") + " " + parts.joined(separator: " ")
    }

    /// The one-line key summary drawn at the bottom.
    public func keyBar() -> String {
        Self.bindings.map { binding in
            KeyNaming.shown(binding.keys[0], localizer: localizer) + " " + localizer.string(binding.descriptionKey + ".short")
        }.joined(separator: "  ")
    }

    /// Handles a key press.
    public mutating func handle(_ key: Key, size: Size) -> Outcome {
        if key == .resize {
            noteSize(size)
            return .stay
        }
        guard let action: Action = Self.bindings.action(for: key) else { return .stay }
        switch action {
        case .next: moveFocus(by: 1)
        case .previous: moveFocus(by: -1)
        case .help:
            message = helpText()
            announcements.append(message!)
        case .quit: return .quit
        case .activate: return activate()
        }
        return .stay
    }

    /// Records that the screen became too small (said once) or fits again.
    public mutating func noteSize(_ size: Size) {
        if size.fits(Self.minimumSize) {
            saidTooSmall = false
        } else if !saidTooSmall {
            saidTooSmall = true
            announcements.append(tooSmallText())
        }
    }

    private mutating func moveFocus(by step: Int) {
        let count = Item.allCases.count
        focus = Item(rawValue: (focus.rawValue + step + count) % count)!
        message = nil
        announcements.append(label(of: focus))
    }

    private mutating func activate() -> Outcome {
        switch focus {
        case .theme:
            if colorAllowed {
                let choices: [ThemeName] = [.highContrast, .blackOnWhite, .yellowOnBlack]
                let index = choices.firstIndex(of: themeName) ?? -1
                themeName = choices[(index + 1) % choices.count]
            }
            message = nil
            announcements.append(label(of: .theme))
        case .language:
            let all = Language.allCases
            let index = all.firstIndex(of: localizer.language) ?? 0
            localizer = localizer.switched(to: all[(index + 1) % all.count])
            message = nil
            announcements.append(label(of: .language))
        case .about:
            message = localizer.string("start.about.text")
            announcements.append(message!)
        case .quit:
            return .quit
        }
        return .stay
    }

    private func tooSmallText() -> String {
        localizer.string("screen.too-small", [
            "width": String(Self.minimumSize.width), "height": String(Self.minimumSize.height),
        ])
    }

    /// Draws the screen; returns the grid and where the hardware cursor goes (the focused item).
    public func render(size: Size) -> (CellGrid, Point) {
        let theme = self.theme
        let normal = theme.style(.normal)
        var grid = CellGrid(size: size, fill: normal)
        let ellipsis = charset.ellipsis
        guard size.fits(Self.minimumSize) else {
            grid.writeWrapped(tooSmallText(), in: grid.bounds, style: theme.style(.alert), ellipsis: ellipsis)
            return (grid, .zero)
        }
        // A static layout, the same in every language: title, items, then the text area and the key bar.
        let area = grid.bounds.inset(top: 0, left: 1, bottom: 0, right: 1)
        grid.write(localizer.string("app.title"), at: area.origin, style: theme.style(.heading), maxWidth: area.width, ellipsis: ellipsis)
        grid.horizontalRule(at: Point(x: area.x, y: 1), width: area.width, style: theme.style(.border), charset: charset)
        var cursor = Point(x: area.x, y: Self.firstItemRow)
        let markerWidth = DisplayWidth.of(theme.focusMarker) + 1
        for item in Item.allCases {
            let y = Self.firstItemRow + item.rawValue
            let focused = item == focus
            if focused {
                cursor = Point(x: area.x, y: y)
                grid.write(theme.focusMarker + " ", at: cursor, style: theme.style(.focused))
            }
            grid.write(label(of: item), at: Point(x: area.x + markerWidth, y: y),
                       style: theme.style(focused ? .focused : .normal), maxWidth: area.width - markerWidth, ellipsis: ellipsis)
        }
        let textTop = Self.firstItemRow + Item.allCases.count + 1
        let text = Rect(x: area.x, y: textTop, width: area.width, height: size.height - 2 - textTop)
        grid.writeWrapped(message ?? localizer.string("start.intro"), in: text, style: normal, ellipsis: ellipsis)
        grid.horizontalRule(at: Point(x: area.x, y: size.height - 2), width: area.width, style: theme.style(.border), charset: charset)
        grid.write(keyBar(), at: Point(x: area.x, y: size.height - 1), style: theme.style(.toolbar), maxWidth: area.width, ellipsis: ellipsis)
        return (grid, cursor)
    }
}
