import LVControls
import TerminalKit

/// The commands for the user's own posts and the safety lists, and their keys.
extension ScreenCommand {
    /// Opens compose with the post under the marker's text, to change it (one's own posts only).
    public static let editPost = ScreenCommand("edit")
    /// Deletes the post under the marker and opens compose with its text (one's own posts only).
    public static let redraft = ScreenCommand("redraft")
    /// Lists the versions of the post under the marker (any edited post).
    public static let history = ScreenCommand("history")
    /// On a list of filters: a new filter.
    public static let newFilter = ScreenCommand("new-filter")
    /// On a list of filters, mutes, blocks or blocked servers: removes the one under the marker.
    public static let removeItem = ScreenCommand("remove")
    /// The user's keyword filters (a place of Go to).
    public static let filters = ScreenCommand("filters")
    /// The people the user mutes (a place of Go to).
    public static let mutes = ScreenCommand("mutes")
    /// The people the user blocks (a place of Go to).
    public static let blocks = ScreenCommand("blocks")
    /// The servers the user blocks (a place of Go to).
    public static let domainBlocks = ScreenCommand("domain-blocks")
}

/// The default keys of those commands, appended to ``Keymap/defaults``.
enum OwnPostKeys {
    static let bindings: [Binding] = [
        .screen([.char("e")], .editPost, "key.edit"),
        .screen([.char("E")], .redraft, "key.redraft"),
        .screen([.char("H")], .history, "key.history"),
        .screen([.char("+"), .insert], .newFilter, "key.new-filter"),
        .screen([.delete], .removeItem, "key.remove"),
    ]
}
