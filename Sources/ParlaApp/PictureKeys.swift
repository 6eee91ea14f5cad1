import LVControls
import TerminalKit

extension ScreenCommand {
    /// Opens the pictures of the post under the marker, each as large as the window allows.
    public static let showPictures = ScreenCommand("show-pictures")
    /// Lists the attachments of the post under the marker (pictures, videos, sounds).
    public static let mediaList = ScreenCommand("media-list")
}

/// The picture view's own keys.
extension ControlCommand {
    static let zoomIn = ControlCommand(rawValue: "zoom-in")
    static let zoomOut = ControlCommand(rawValue: "zoom-out")
    static let invert = ControlCommand(rawValue: "invert")
    static let panLeft = ControlCommand(rawValue: "pan-left")
    static let panRight = ControlCommand(rawValue: "pan-right")
    static let panUp = ControlCommand(rawValue: "pan-up")
    static let panDown = ControlCommand(rawValue: "pan-down")
}

/// The default keys of the picture view and the attachments list, appended to ``Keymap/defaults``.
enum PictureKeys {
    static let bindings: [Binding] = [
        .screen([.char("i")], .showPictures, "pictures.key.show"),
        .screen([.char("I")], .mediaList, "pictures.key.media-list"),
    ]
}
