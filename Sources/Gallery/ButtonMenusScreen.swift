import LVControls
import ParlaBase
import TerminalKit

/// ButtonMenus: a button confirmed with one press and one that needs a second press to confirm.
public final class ButtonMenusScreen: Screen {
    public let title: String
    public let helpIntro: String
    public let controls: [any Control]
    public let toolbar: Toolbar
    let oneStep: Button
    let twoStep: Button
    let result: Label
    let gallery: GalleryContext

    public init(gallery: GalleryContext) {
        self.gallery = gallery
        title = gallery.string("gallery.app.button-menus")
        helpIntro = gallery.string("gallery.button-menus.help")
        oneStep = Button(gallery.string("gallery.button-menus.one-step"))
        twoStep = Button(gallery.string("gallery.button-menus.two-step"), kind: .twoStep)
        result = Label(name: gallery.string("gallery.result"), text: gallery.string("gallery.button-menus.none"))
        controls = [oneStep, twoStep, result]
        toolbar = Toolbar(localizer: gallery.localizer)
    }

    public func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated else { return .none }
        let which = event.source === oneStep ? oneStep.title : twoStep.title
        result.text = gallery.string("gallery.button-menus.pressed", ["button": which])
        return .none
    }
}
