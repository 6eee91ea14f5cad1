import Foundation
import LVControls
import ParlaBase
import TerminalKit

/// The choices the gallery saves: theme (Colors), voice and rate (Voices), verbosity and dwell.
///
/// They live in `settings.json` in the config folder, beside whatever else is stored there: keys
/// the gallery does not know are kept as they were when it writes.
public struct GallerySettings: Sendable, Equatable {
    public var theme: ThemeName = .highContrast
    /// The voice's language tag ("en-GB", "es-ES"); the speech settings apply it.
    public var voice: String = "en-GB"
    /// Speech rate in words per minute; the speech settings apply it.
    public var rate: Int = 175
    public var verbosity: Verbosity = .full
    public var dwellMilliseconds: Int = 1200

    public init() {}

    /// The control settings these choices give.
    public var controlSettings: ControlSettings {
        ControlSettings(verbosity: verbosity, dwell: .milliseconds(dwellMilliseconds))
    }
}

/// Where gallery settings are read and written.
public protocol SettingsStore: AnyObject {
    /// The saved settings, or the defaults when none were saved.
    func load() throws -> GallerySettings
    /// Saves the settings.
    func save(_ settings: GallerySettings) throws
}

/// Why settings could not be read or written; the message is localized and speakable.
public enum GalleryError: Error, Equatable {
    case unreadableSettings(path: String)
    case unwritableSettings(path: String)
    /// The file could not be read and was renamed to `keptAt`, so that nothing in it is lost.
    case keptAsideSettings(path: String, keptAt: String)

    /// The message to say and show.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .unreadableSettings(let path): localizer.string("gallery.error.settings-read", ["path": path])
        case .unwritableSettings(let path): localizer.string("gallery.error.settings-write", ["path": path])
        case .keptAsideSettings(let path, let kept): localizer.string("gallery.error.settings-kept", ["path": path, "kept": kept])
        }
    }
}

/// Settings in `<config>/settings.json`, shared with the app's.
public typealias FileSettingsStore = JSONSettingsFile<GallerySettings>

extension JSONSettingsFile: SettingsStore where Settings == GallerySettings {}

extension GallerySettings: JSONSettings {
    public init(json object: [String: Any]) {
        self.init()
        if let raw = object["theme"] as? String, let theme = ThemeName(rawValue: raw) { self.theme = theme }
        if let voice = object["voice"] as? String, !voice.isEmpty { self.voice = voice }
        if let rate = object["rate"] as? Int, (80...450).contains(rate) { self.rate = rate }
        if let raw = object["verbosity"] as? String, let verbosity = Verbosity(rawValue: raw) { self.verbosity = verbosity }
        if let dwell = object["dwellMilliseconds"] as? Int {
            dwellMilliseconds = Int(ControlSettings.clampDwell(.milliseconds(dwell)).milliseconds)
        }
    }

    public func write(into object: inout [String: Any]) {
        object["theme"] = theme.rawValue
        object["voice"] = voice
        object["rate"] = rate
        object["verbosity"] = verbosity.rawValue
        object["dwellMilliseconds"] = dwellMilliseconds
    }

    public static func unreadable(path: String) -> any Error { GalleryError.unreadableSettings(path: path) }
    public static func unwritable(path: String) -> any Error { GalleryError.unwritableSettings(path: path) }
    public static func keptAside(path: String, keptAt: String) -> any Error { GalleryError.keptAsideSettings(path: path, keptAt: keptAt) }
}
