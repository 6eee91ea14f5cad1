import LVControls
import TerminalKit

/// The timeline's safety commands and their keys.
extension ScreenCommand {
    /// Mutes or unmutes the conversation of the post under the marker.
    public static let muteConversation = ScreenCommand("mute-conversation")
    /// Reports the author of the post under the marker, with that post.
    public static let reportPost = ScreenCommand("report")
    /// Opens the follow requests (a place of Go to).
    public static let followRequests = ScreenCommand("follow-requests")
}

/// The default keys of the safety commands, appended to ``Keymap/defaults``.
enum SafetyKeys {
    static let bindings: [Binding] = [
        .screen([.char("M")], .muteConversation, "app.key.mute-conversation"),
        .screen([.char("!")], .reportPost, "app.key.report"),
    ]
}
