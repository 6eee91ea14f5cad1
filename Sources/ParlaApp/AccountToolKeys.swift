import LVControls
import TerminalKit

/// The rest of an account's commands: places of Go to and the timeline's keys.
extension ScreenCommand {
    /// Opens the user's lists (a place of Go to).
    public static let lists = ScreenCommand("lists")
    /// Opens the hashtags the user follows (a place of Go to).
    public static let followedTags = ScreenCommand("followed-tags")
    /// Opens what is trending on the server (a place of Go to).
    public static let trending = ScreenCommand("trending")
    /// Pins or unpins the user's own post under the marker.
    public static let pinPost = ScreenCommand("pin")
    /// Follows or stops following the hashtag of a hashtag timeline.
    public static let followHashtag = ScreenCommand("follow-hashtag")
}

/// The default keys of the account tools, appended to ``Keymap/defaults``.
enum AccountToolKeys {
    static let bindings: [Binding] = [
        .screen([.char("P")], .pinPost, "app.key.pin"),
        .screen([.char("#")], .followHashtag, "app.key.follow-hashtag"),
    ]

    /// The timeline's commands among them.
    static let timelineCommands: [ScreenCommand] = [.pinPost, .followHashtag]

    /// The places of Go to among them, before Follow requests.
    static let places: [ScreenCommand] = [.lists, .followedTags, .trending]
}
