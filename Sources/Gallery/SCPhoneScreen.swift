import LVControls
import ParlaBase
import TerminalKit

/// SCPhone: the timed keypad writing into a label.
public final class SCPhoneScreen: Screen {
    public let title: String
    public let helpIntro: String
    public let controls: [any Control]
    public let toolbar: Toolbar
    let written: Label
    let keypad: Keypad

    public init(gallery: GalleryContext) {
        title = gallery.string("gallery.app.sc-phone")
        helpIntro = gallery.string("gallery.sc-phone.help")
        written = Label(name: gallery.string("gallery.sc-phone.text"), text: "")
        keypad = Keypad(gallery.string("gallery.sc-phone.keypad"), target: written, dwell: .milliseconds(gallery.settings.dwellMilliseconds))
        controls = [written, keypad]
        toolbar = Toolbar(localizer: gallery.localizer)
    }

    public func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse { .none }
}
