import LVControls
import ParlaBase
import TerminalKit

/// ButtonPhone: ten buttons laid out as a number pad, dialling into a label.
public final class ButtonPhoneScreen: Screen {
    public let title: String
    public let helpIntro: String
    public let controls: [any Control]
    public let toolbar: Toolbar
    let digits: [Button]
    let number: Label
    let gallery: GalleryContext

    public init(gallery: GalleryContext) {
        self.gallery = gallery
        title = gallery.string("gallery.app.button-phone")
        helpIntro = gallery.string("gallery.button-phone.help")
        digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"].map { Button($0) }
        number = Label(name: gallery.string("gallery.button-phone.number"), text: "")
        controls = digits + [number]
        toolbar = Toolbar(localizer: gallery.localizer)
    }

    /// Three columns of digits (0 under 8), then the number.
    public func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        var rects = StackLayout.grid(count: 9, columns: 3, in: Rect(x: area.x, y: area.y, width: min(area.width, 30), height: 3))
        let width = min(area.width, 30) / 3
        rects.append(Rect(x: area.x + width, y: area.y + 3, width: width, height: min(1, max(0, area.height - 3))))
        rects.append(Rect(x: area.x, y: area.y + 5, width: area.width, height: max(0, min(2, area.height - 5))))
        return rects
    }

    public func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated, let button = digits.first(where: { $0 === event.source }) else { return .none }
        number.text += button.title
        return ScreenResponse([.text(gallery.string("gallery.button-phone.dialled", ["number": number.text]))])
    }
}
