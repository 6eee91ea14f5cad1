import ParlaBase
import SpeechKit
import TerminalKit

extension ScreenHost {
    /// The screen's help: what it is for, then every key in force (``keyTable``): the screen's
    /// single keys, the focused control's, the host's.
    public func helpText() -> String {
        ([screen.helpIntro] + keyTable.helpEntries(localizer: localizer)).joined(separator: " ")
    }

    /// Shows `text` over the body until the next key (an error, a notice) from the next frame on; the caller says it.
    public func showMessage(_ text: String) {
        message = text
    }

    /// Says and shows the help (F1 or the toolbar's Info).
    func showHelp() {
        let text = helpText()
        message = text
        speech.say(Utterance(text, priority: .focus))
    }

    /// What `key` would do here, said in input-help mode.
    public func describe(_ key: Key) -> String {
        keyTable.describe(key, localizer: localizer)
    }
}
