import ParlaBase
import SpeechKit
import TerminalKit

extension ScreenHost {
    /// The screen's help: what it is for, then every key of the focused control and of the host.
    public func helpText() -> String {
        var parts = [screen.helpIntro]
        for binding in focused.bindings { parts.append(entry(binding.keys[0], binding.descriptionKey)) }
        for binding in Self.bindings { parts.append(entry(binding.keys[0], binding.descriptionKey)) }
        return parts.joined(separator: " ")
    }

    private func entry(_ key: Key, _ descriptionKey: String) -> String {
        localizer.string("help.entry", ["key": KeyNaming.spoken(key, localizer: localizer), "action": localizer.string(descriptionKey)])
    }

    /// Shows `text` over the body until the next key (an error, a notice); the caller says it.
    public func showMessage(_ text: String) {
        message = text
        render()
    }

    /// Says and shows the help (F1 or the toolbar's Info).
    func showHelp() {
        let text = helpText()
        message = text
        speech.say(Utterance(text, priority: .focus))
    }

    /// What `key` would do here, said in input-help mode.
    public func describe(_ key: Key) -> String {
        let name = KeyNaming.spoken(key, localizer: localizer)
        if let binding = focused.bindings.first(where: { $0.matches(key) }) {
            return localizer.string("help.entry", ["key": name, "action": localizer.string(binding.descriptionKey)])
        }
        if focused.acceptsText, key.printable != nil {
            return localizer.string("lv.input-help.types", ["key": name])
        }
        if let binding = Self.bindings.first(where: { $0.matches(key) }) {
            return localizer.string("help.entry", ["key": name, "action": localizer.string(binding.descriptionKey)])
        }
        return localizer.string("lv.input-help.nothing", ["key": name])
    }
}
