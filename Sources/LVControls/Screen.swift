import ParlaBase
import SpeechKit
import TerminalKit

/// A screen: a static layout of controls plus the toolbar, and what it does with their events.
///
/// The layout is the same every time the screen is shown (the thesis's users learnt screens by
/// where things are). Focus goes through ``controls`` in order, then the toolbar's.
public protocol Screen: AnyObject {
    /// The screen's name, shown at the top and said when it opens.
    var title: String { get }
    /// The name said when the screen opens, when it differs from ``title`` (the reader shows "Post by
    /// Ana" but says "Post": its text begins with her name); nil: ``title``.
    var spokenTitle: String? { get }
    /// Parts of the spoken title said in a voice of their own (a profile's bio in the language it is
    /// written in); each is found in the title and said in its language; none by default.
    var spokenTitleVoices: [Utterance.Segment] { get }
    /// What the screen is for; the first sentence of its help (F1).
    var helpIntro: String { get }
    /// The controls in focus order.
    var controls: [any Control] { get }
    /// The bar at the bottom.
    var toolbar: Toolbar { get }

    /// The area of each control (in ``controls`` order) inside `area`, the screen's body, given the
    /// focused control's index (into ``controls`` then the toolbar's) so a screen can scroll it into view.
    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect]

    /// Reacts to something that happened in one of the controls (toolbar slots included).
    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse

    /// What Back (Esc or the toolbar's Back) does; by default it closes the screen.
    func back(context: ControlContext) -> ScreenResponse

    /// The index (into ``controls`` then the toolbar's) focused when the screen opens; 0 by default.
    var initialFocus: Int { get }

    /// The screen's single-key commands (scope ``Binding/Scope/screen``); none by default.
    var bindings: [Binding] { get }

    /// Does one of the screen's single-key commands.
    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse
}

extension Screen {
    public func back(context: ControlContext) -> ScreenResponse { ScreenResponse(navigation: .pop) }

    public var initialFocus: Int { 0 }

    public var spokenTitle: String? { nil }

    public var spokenTitleVoices: [Utterance.Segment] { [] }

    public var bindings: [Binding] { [] }

    public func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse { .none }

    /// Controls stacked from the top, each at its preferred height, one blank row between.
    public func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        StackLayout.vertical(controls, in: area, spacing: area.height >= controls.count * 2 + 2 ? 1 : 0)
    }
}

/// Simple layouts screens build on.
public enum StackLayout {
    /// Controls one under another at their preferred heights; those that do not fit get no rows.
    public static func vertical(_ controls: [any Control], in area: Rect, spacing: Int = 0) -> [Rect] {
        var y = area.y
        return controls.map { control in
            let wanted = control.preferredHeight(width: area.width)
            let rows = max(0, min(wanted, area.maxY - y))
            let rect = Rect(x: area.x, y: y, width: area.width, height: rows)
            y += rows + (rows > 0 ? spacing : 0)
            return rect
        }
    }

    /// Controls in a grid of `columns` columns, one row each, read across then down.
    public static func grid(count: Int, columns: Int, in area: Rect, cellHeight: Int = 1, spacing: Int = 0) -> [Rect] {
        let width = area.width / max(1, columns)
        return (0..<count).map { index in
            let row = index / columns, column = index % columns
            let y = area.y + row * (cellHeight + spacing)
            let rows = max(0, min(cellHeight, area.maxY - y))
            return Rect(x: area.x + column * width, y: y, width: width, height: rows)
        }
    }
}

/// What a screen wants after an event: words, a change of screen, new settings.
public struct ScreenResponse {
    /// Where to go.
    public enum Navigation {
        case stay
        case push(any Screen)
        case pop
        case quit
        /// Closes the top screen and opens another in its place (a loading screen giving way to its result).
        case replace(any Screen)
        /// Closes every screen and starts again from this one (another account's home).
        case root(any Screen)
        /// Closes every screen and opens `screens` (the last on top), saying `entry` instead of the top
        /// one's title and focus description, then what its focused control says on entering (moving
        /// to another open timeline: "Local, 12 of 40", then the post).
        case restack([any Screen], entry: String)
    }

    public var announcements: [Announcement]
    public var navigation: Navigation
    /// A new theme to draw with from now on.
    public var theme: Theme?
    /// New control settings (verbosity, echo, dwell).
    public var settings: ControlSettings?
    /// A new interface language for everything said and drawn from now on (the next screen included).
    public var language: Language?
    /// Whether this answers the first press of a two-step action (unfollow, block): it waits for the second,
    /// and one-switch scanning stays on the control pressed for it.
    public var awaitsConfirmation = false
    /// On ``Navigation/pop``, the control of the screen below to come back to, instead of the one it had
    /// (compose's text, after a phrase was chosen or not); nil: where its focus was.
    public var returnFocus: (any Control)?

    public init(_ announcements: [Announcement] = [], navigation: Navigation = .stay, theme: Theme? = nil,
                settings: ControlSettings? = nil, language: Language? = nil) {
        self.announcements = announcements
        self.navigation = navigation
        self.theme = theme
        self.settings = settings
        self.language = language
    }

    /// Nothing to do.
    public static var none: ScreenResponse { ScreenResponse() }
}
