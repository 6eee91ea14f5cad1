import LVControls
import MicroblogKit

/// A screen of Parla's app: live language, engine events.
protocol AppScreen: Screen {
    /// Puts every title and label in the current language.
    func relocalize()
    /// Reacts to an engine event while open (top or below).
    func engineEvent(_ event: EngineEvent, isTop: Bool) -> ScreenResponse
    /// Called once a turn of the key loop is over (a key, results, events), before the frame is drawn:
    /// labels follow the wheel's item, and work the turn calls for starts once (saving where the user
    /// reads), never on each move.
    func turnEnded()
    /// The post this screen has under its focus (a boost's original), nil when none: what a setting that acts on
    /// "the post being read" acts on once it is turned on.
    var focusedPost: Post? { get }
}

extension AppScreen {
    func turnEnded() {}
    func engineEvent(_ event: EngineEvent, isTop: Bool) -> ScreenResponse { .none }
    var focusedPost: Post? { nil }
}
