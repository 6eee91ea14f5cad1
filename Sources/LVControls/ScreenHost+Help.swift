import ParlaBase
import SpeechKit
import TerminalKit

extension ScreenHost {
    /// Shows `text` over the body until the next key (an error, a notice) from the next frame on; the caller says it.
    public func showMessage(_ text: String) {
        message = text
    }

    /// Shows `text` on the status line above the toolbar until the next key, the screen left as it is
    /// (an upload's progress, an error while the posts stay readable); the caller says it.
    public func showStatus(_ text: String) {
        status = text
    }

    /// The help's lines: what the screen is for, then every key that acts on it, one a line (F2 and F3 only
    /// where the toolbar has such a slot).
    public func helpEntries() -> [String] {
        [screen.helpIntro] + keyTable(actingOnly: true).helpEntries(localizer: localizer)
    }

    /// Opens the help (F1 or the toolbar's Info) as a list over the screen, reviewed line by line;
    /// Esc closes it and focus goes back where it was. On the help itself, it says what the help is.
    func showHelp() {
        if let help = screen as? HelpScreen {
            speech.say(Utterance(help.helpIntro, priority: .focus))
            return
        }
        processScreen(ScreenResponse(navigation: .push(HelpScreen(screenTitle: screen.title, entries: helpEntries(), localizer: localizer))))
    }

    /// What `key` would do here, said in input-help mode.
    public func describe(_ key: Key) -> String {
        keyTable.describe(key, localizer: localizer)
    }

    /// Closes the help if it is on top, without a word: a result for the screen under it is arriving
    /// and will say what happens next.
    public func closeHelpQuietly() {
        guard stack.count > 1, screen is HelpScreen else { return }
        stack.removeLast()
    }
}
