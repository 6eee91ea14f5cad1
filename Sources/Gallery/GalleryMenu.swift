import LVControls
import ParlaBase
import TerminalKit

/// The gallery's first screen: one button per study app of the thesis, and verbosity on F2.
public final class GalleryMenu: Screen {
    /// The study apps, in the thesis's order.
    public enum App: String, CaseIterable, Sendable {
        case buttonMenus = "button-menus", buttonPhone = "button-phone", colors, voices
        case segmCtrlDays = "segm-ctrl-days", scPhone = "sc-phone", wheelNames = "wheel-names"
    }

    let gallery: GalleryContext
    public let title: String
    public let helpIntro: String
    public let controls: [any Control]
    public let toolbar: Toolbar
    let buttons: [Button]
    let verbosity: Segmented

    public init(gallery: GalleryContext) {
        self.gallery = gallery
        title = gallery.string("gallery.menu.title")
        helpIntro = gallery.string("gallery.menu.help")
        buttons = App.allCases.map { Button(gallery.string("gallery.app.\($0.rawValue)")) }
        controls = buttons
        verbosity = Segmented(gallery.string("gallery.verbosity"), options: Verbosity.allCases.map { gallery.string($0.nameKey) },
                              selected: Verbosity.allCases.firstIndex(of: gallery.settings.verbosity) ?? 0)
        toolbar = Toolbar(localizer: gallery.localizer, first: verbosity)
    }

    public func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if event.source === verbosity, case .selected(let index) = event.kind {
            let chosen = Verbosity.allCases[index]
            let said = gallery.update { $0.verbosity = chosen }
            var settings = context.settings
            settings.verbosity = chosen
            return ScreenResponse(said, settings: settings)
        }
        guard event.kind == .activated, let index = buttons.firstIndex(where: { $0 === event.source }) else { return .none }
        return ScreenResponse(navigation: .push(screen(for: App.allCases[index])))
    }

    /// Builds the screen of one study app.
    public func screen(for app: App) -> any Screen {
        switch app {
        case .buttonMenus: ButtonMenusScreen(gallery: gallery)
        case .buttonPhone: ButtonPhoneScreen(gallery: gallery)
        case .colors: ColorsScreen(gallery: gallery)
        case .voices: VoicesScreen(gallery: gallery)
        case .segmCtrlDays: SegmCtrlDaysScreen(gallery: gallery)
        case .scPhone: SCPhoneScreen(gallery: gallery)
        case .wheelNames: WheelNamesScreen(gallery: gallery)
        }
    }

    /// Back on the menu leaves the gallery.
    public func back(context: ControlContext) -> ScreenResponse { ScreenResponse(navigation: .quit) }
}
