import Foundation
import ParlaBase
import ParlaPresentation
import WordPrediction
import SpeechKit
import TerminalKit

/// What never changes while the app runs: the presenter, the runtime, speech, clocks, the settings
/// store and the key table.
struct AppServices {
    let store: any AppSettingsStore
    let keymap: Keymap
    let presenter: any PostPresenting
    let runtime: AppRuntime
    let speech: any SpeechOutput
    let speechControl: (any SpeechControl)?
    let wallClock: @Sendable () -> Date
    /// The key loop's clock (what loading states time their reports by).
    let clock: any TickClock
    let colorAllowed: Bool
    let ascii: Bool
    /// Set when Speakup (or `--speech none`) speaks instead of Parla.
    let screenReaderNote: String?
    /// Opens a post's links (nil: their addresses are shown and said).
    var linkOpener: (any LinkOpener)?
    /// The earcons' pack and volume (nil: sound is not Parla's to change).
    var sound: (any SoundControl)?
    /// The spelling dictionaries (nil: none installed, every check says so).
    var spelling: (any SpellingDictionaries)? = nil
    /// The config folder (the user's own words for the spelling check); nil: kept for the session only.
    var configDirectory: URL? = nil
    /// The languages' word lists for word prediction (nil: prediction offers what it learnt alone).
    var wordLists: WordLists? = nil
    /// The picture libraries (nil: pictures are only their descriptions, as before).
    var pictures: PictureServices? = nil
    /// What the terminal draws in pixels (none: pictures are drawn in characters only).
    var pixelSupport: PixelSupport = .none
}
