import ParlaBase
import TerminalKit

/// F1 help as a list reviewed line by line: what the screen is for, then one entry per key in force.
///
/// The host opens it over the screen it explains (``ScreenHost/perform(_:)`` with `.help`); Up and
/// Down walk the entries, each said with its place ("2 of 14"), letters jump to an entry, and Esc
/// (or Back) closes it, putting focus back where it was. Below the list the entry under the marker
/// is shown whole, wrapped on up to three rows, for a narrow window where the list's line is cut.
public final class HelpScreen: Screen {
    public let title: String
    public let helpIntro: String
    /// The list of entries.
    public let list: Wheel
    /// The entry under the marker, whole.
    public let detail: Label
    public let toolbar: Toolbar
    /// The entries: the explained screen's purpose first, then its keys.
    public let entries: [String]

    /// - Parameters:
    ///   - screenTitle: the title of the screen explained.
    ///   - entries: its purpose, then one sentence per key ("Enter: activate the button.").
    ///   - localizer: the interface's strings.
    public init(screenTitle: String, entries: [String], localizer: Localizer) {
        title = localizer.string("lv.help.title", ["screen": screenTitle])
        helpIntro = localizer.string("lv.help.intro")
        self.entries = entries
        list = Wheel(localizer.string("lv.help.list"), items: ArrayWheelItems(entries))
        detail = Label(text: entries.first ?? "")
        toolbar = Toolbar(localizer: localizer)
    }

    public var controls: [any Control] { [list, detail] }

    public func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse { .none }

    /// The list above, the whole entry below it (up to three rows); the detail follows the list's marker.
    public func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        let current = entries.indices.contains(list.index) ? entries[list.index] : ""
        if detail.text != current { detail.text = current }
        let detailRows = max(1, min(3, detail.preferredHeight(width: area.width), area.height - 4))
        let listRows = max(0, area.height - detailRows)
        return [Rect(x: area.x, y: area.y, width: area.width, height: listRows),
                Rect(x: area.x, y: area.y + listRows, width: area.width, height: area.height - listRows)]
    }
}
