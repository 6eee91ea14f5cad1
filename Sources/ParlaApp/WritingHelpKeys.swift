import LVControls
import TerminalKit

/// The compose screen's writing-help commands.
extension ScreenCommand {
    /// Checks the spelling of the post being written.
    public static let spellCheck = ScreenCommand("spell-check")
    /// Opens the user's phrases, to put one in the post.
    public static let phrases = ScreenCommand("phrases")
}

/// The default keys of the writing-help commands, appended to ``Keymap/defaults``.
enum WritingHelpKeys {
    static let bindings: [Binding] = [
        .screen([.f(7)], .spellCheck, "key.spell-check"),
        .screen([.f(6)], .phrases, "phrases.key"),
    ]
}
