import LVControls
import ParlaBase
import SpeechKit
import TerminalKit

/// What every gallery screen shares: strings, the settings and where they are saved.
public final class GalleryContext {
    public let localizer: Localizer
    public let store: any SettingsStore
    public private(set) var settings: GallerySettings
    /// Whether colour may be used (false under NO_COLOR): themes are then saved but drawn monochrome.
    public let colorAllowed: Bool
    public let ascii: Bool

    public init(localizer: Localizer, store: any SettingsStore, settings: GallerySettings, colorAllowed: Bool, ascii: Bool) {
        self.localizer = localizer
        self.store = store
        self.settings = settings
        self.colorAllowed = colorAllowed
        self.ascii = ascii
    }

    /// The theme to draw with.
    public var theme: Theme {
        Theme.named(colorAllowed ? settings.theme : .monochrome, ascii: ascii)
    }

    public func string(_ key: String, _ arguments: [String: String] = [:]) -> String {
        localizer.string(key, arguments)
    }

    /// Changes and saves the settings; says an error (never loses the choice in memory) when saving fails.
    public func update(_ change: (inout GallerySettings) -> Void) -> [Announcement] {
        change(&settings)
        do {
            try store.save(settings)
            return []
        } catch let error as GalleryError {
            return [.text(error.message(localizer), priority: .alert, earcon: .error)]
        } catch {
            return [.text(GalleryError.unwritableSettings(path: "").message(localizer), priority: .alert, earcon: .error)]
        }
    }
}
