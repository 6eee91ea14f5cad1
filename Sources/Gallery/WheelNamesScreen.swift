import LVControls
import ParlaBase
import TerminalKit

/// WheelNames: a vertical wheel of a thousand names; the one chosen is shown.
public final class WheelNamesScreen: Screen {
    public let title: String
    public let helpIntro: String
    public let controls: [any Control]
    public let toolbar: Toolbar
    let wheel: Wheel
    let chosen: Label
    let gallery: GalleryContext

    public init(gallery: GalleryContext) {
        self.gallery = gallery
        title = gallery.string("gallery.app.wheel-names")
        helpIntro = gallery.string("gallery.wheel.help")
        wheel = Wheel(gallery.string("gallery.wheel.names"), items: ArrayWheelItems(NameList.thousand))
        chosen = Label(name: gallery.string("gallery.chosen"), text: gallery.string("gallery.wheel.none"))
        controls = [wheel, chosen]
        toolbar = Toolbar(localizer: gallery.localizer)
    }

    public func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard case .selected(let index) = event.kind else { return .none }
        chosen.text = NameList.thousand[index]
        return .none
    }
}
