import LVControls
import TerminalKit

/// Who boosted and who favourited the post under the marker.
extension ScreenCommand {
    /// Lists who boosted the post under the marker.
    public static let boostedBy = ScreenCommand("boosted-by")
    /// Lists who favourited the post under the marker.
    public static let favouritedBy = ScreenCommand("favourited-by")
}

/// The default keys of those commands, appended to ``Keymap/defaults``.
enum ReactionKeys {
    static let bindings: [Binding] = [
        .screen([.char("B")], .boostedBy, "key.boosted-by"),
        .screen([.char("F")], .favouritedBy, "key.favourited-by"),
    ]

    /// The timeline's commands among them.
    static let timelineCommands: [ScreenCommand] = [.boostedBy, .favouritedBy]
}
