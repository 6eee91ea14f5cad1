import LVControls
import ParlaBase
import SpeechKit
import TerminalKit

/// Two-step actions (unfollow, block, delete): the first press asks for the second. While scanning, the
/// question names the switch, not Enter or a key the switch user cannot press, and the scan stays on the
/// control pressed until the switch confirms (``ScreenResponse/awaitsConfirmation``).
extension AppContext {
    /// The answer to a first press: `text` said, the second press awaited.
    func askSecondPress(_ text: String, priority: SpeechPriority = .focus, earcon: Earcon? = nil) -> ScreenResponse {
        var response = ScreenResponse([say(text, priority: priority, earcon: earcon)])
        response.awaitsConfirmation = true
        return response
    }

    /// The question at `key` ("Press Enter again to stop following {name}"), or, while scanning, its form for
    /// the switch (`key.switch`: "Press the switch again to stop following {name}").
    func confirmQuestion(_ key: String, _ arguments: [String: String] = [:]) -> String {
        string(settings.controlSettings.scanning ? key + ".switch" : key, arguments)
    }

    /// The key that confirms `command` when pressed again, as said ("Delete"); while scanning, the switch.
    func againKey(for command: ScreenCommand) -> String {
        if settings.controlSettings.scanning { return string("switch.the-switch") }
        return services.keymap.keys(for: command).first.map { KeyNaming.spoken($0, localizer: localizer) } ?? ""
    }
}
