import LVControls
import ParlaBase
import SpeechKit
import TerminalKit

/// A button drawn in the colours of the theme it offers, so themes can be compared side by side.
final class ThemeSample: Control {
    let theme: ThemeName
    let name: String
    let chosenLabel: String
    let sampleText: String
    var isChosen: Bool
    let ascii: Bool
    let colorAllowed: Bool

    init(theme: ThemeName, name: String, sampleText: String, chosenLabel: String, isChosen: Bool, ascii: Bool, colorAllowed: Bool) {
        self.theme = theme
        self.name = name
        self.sampleText = sampleText
        self.chosenLabel = chosenLabel
        self.isChosen = isChosen
        self.ascii = ascii
        self.colorAllowed = colorAllowed
    }

    let bindings: [KeyBinding<ControlCommand>] = [KeyBinding([.enter, .space], .activate, "gallery.colors.key.choose")]

    func preferredHeight(width: Int) -> Int { 2 }

    func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(label: name, role: .button, state: isChosen ? chosenLabel : nil,
                                 hint: context.string("gallery.colors.hint"))
    }

    func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let mark = isChosen ? "(*) " : "( ) "
        let start = ControlChrome.line(mark + name, into: &grid, area: Rect(x: area.x, y: area.y, width: area.width, height: 1),
                                       focused: focused, theme: context.theme)
        if area.height > 1 {
            let own = Theme.named(colorAllowed ? theme : .monochrome, ascii: ascii)
            let sample = Rect(x: start.x, y: area.y + 1, width: area.maxX - start.x, height: 1)
            grid.fill(sample, style: own.style(.normal))
            grid.write(" " + sampleText, at: sample.origin, style: own.style(.normal), maxWidth: sample.width, ellipsis: "")
        }
        return start
    }

    func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard command(for: key) == .activate else { return nil }
        return ControlResponse([.text(context.string("lv.chosen", ["value": name]), earcon: .activate)],
                               events: [ControlEvent(source: self, kind: .activated)])
    }
}

/// Colors: the themes side by side, each drawn in its own colours; the one chosen is saved.
public final class ColorsScreen: Screen {
    public let title: String
    public let helpIntro: String
    public let controls: [any Control]
    public let toolbar: Toolbar
    let samples: [ThemeSample]
    let gallery: GalleryContext

    public init(gallery: GalleryContext) {
        self.gallery = gallery
        title = gallery.string("gallery.app.colors")
        helpIntro = gallery.string("gallery.colors.help")
        samples = ThemeName.allCases.map {
            ThemeSample(theme: $0, name: gallery.string($0.nameKey), sampleText: gallery.string("gallery.colors.sample"),
                        chosenLabel: gallery.string("gallery.chosen"), isChosen: $0 == gallery.settings.theme,
                        ascii: gallery.ascii, colorAllowed: gallery.colorAllowed)
        }
        controls = samples
        toolbar = Toolbar(localizer: gallery.localizer)
    }

    /// Two columns, as the thesis's Colors apps.
    public func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        StackLayout.grid(count: samples.count, columns: 2, in: area, cellHeight: 2, spacing: 1)
    }

    public func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated, let sample = samples.first(where: { $0 === event.source }) else { return .none }
        for other in samples { other.isChosen = other === sample }
        let said = gallery.update { $0.theme = sample.theme }
        return ScreenResponse(said, theme: gallery.theme)
    }
}
