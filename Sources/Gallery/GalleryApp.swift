import Foundation
import LVControls
import ParlaBase
import SpeechKit
import TerminalKit

/// `parla gallery`: the thesis's study apps rebuilt with LVControls, run by a ``ScreenHost``.
public enum GalleryApp {
    /// Builds the host for the gallery's menu; call `run()` on it (or drive it in tests).
    ///
    /// - Parameters:
    ///   - backend: the terminal.
    ///   - speech: where everything said goes.
    ///   - clock: the only source of time.
    ///   - store: where Colors, Voices and the verbosity are saved.
    ///   - colorAllowed: false under NO_COLOR (themes are then drawn monochrome).
    /// - Returns: the host, and any message about settings that could not be read (said at start).
    public static func makeHost(
        backend: any TerminalBackend, speech: any SpeechOutput, clock: any TickClock, localizer: Localizer,
        store: any SettingsStore, colorAllowed: Bool, ascii: Bool
    ) -> ScreenHost {
        var settings = GallerySettings()
        var problem: String?
        do {
            settings = try store.load()
        } catch let error as GalleryError {
            problem = error.message(localizer)
        } catch {
            problem = GalleryError.unreadableSettings(path: "").message(localizer)
        }
        let gallery = GalleryContext(localizer: localizer, store: store, settings: settings, colorAllowed: colorAllowed, ascii: ascii)
        let host = ScreenHost(root: GalleryMenu(gallery: gallery), backend: backend, speech: speech, clock: clock,
                              localizer: localizer, theme: gallery.theme, settings: settings.controlSettings)
        if let problem { speech.say(Utterance(problem, priority: .alert, earcon: .error)) }
        return host
    }
}
