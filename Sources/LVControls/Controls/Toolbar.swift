import ParlaBase
import TerminalKit

/// LVToolBar: the bar at the bottom of every screen, in the same place every time.
///
/// Back (Esc) and Info (F1, the screen's spoken help made from its key table) are fixed; two
/// slots (F2, F3) hold any control. The host puts the toolbar's controls last in the focus order.
public final class Toolbar {
    /// Goes back to the previous screen (also Esc).
    public let back: Button
    /// Says the screen's help (also F1).
    public let info: Button
    /// The two configurable slots (F2 and F3).
    public private(set) var slots: [(any Control)?]

    public init(localizer: Localizer, first: (any Control)? = nil, second: (any Control)? = nil) {
        back = Button(localizer.string("lv.toolbar.back"))
        info = Button(localizer.string("lv.toolbar.info"))
        // What they open says itself (the screen gone back to, the help, About): no "About done" first.
        back.quietPress = true
        info.quietPress = true
        slots = [first, second]
    }

    /// Puts `control` in slot 0 (F2) or 1 (F3); nil empties it.
    public func setSlot(_ slot: Int, _ control: (any Control)?) {
        guard slots.indices.contains(slot) else { return }
        slots[slot] = control
    }

    /// The toolbar's controls in focus order: Back, Info, then the filled slots.
    public var controls: [any Control] { [back, info] + slots.compactMap { $0 } }

    /// The area each toolbar control gets in the bar's row: four equal parts, Back and Info first.
    ///
    /// When a label does not fit its equal part (at 40 columns, or with longer Spanish and Catalan
    /// labels), each control gets what it needs instead, over the whole of `outer` (the row with the
    /// screen's margins), and only what still does not fit is cut, the widest button first and a label
    /// (a value, such as compose's counter) last: a magnifier user reads "[Details]" rather than "[Detai…".
    /// Before anything is cut, buttons with a ``Button/shortTitle`` show it. `markerWidth` is the focus
    /// marker's columns.
    public func layout(in row: Rect, markerWidth: Int = 0, outer: Rect? = nil) -> [Rect] {
        let equal = equalLayout(in: row)
        let controls = self.controls
        let buttons = controls.compactMap { $0 as? Button }
        for button in buttons { button.showsShortTitle = false }
        var needs = controls.map { $0.naturalWidth.map { $0 + markerWidth } }
        let fits = zip(needs, equal).allSatisfy { need, rect in need.map { $0 <= rect.width } ?? true }
        guard !fits, needs.allSatisfy({ $0 != nil }) else { return equal }
        let bar = outer ?? row
        // Over the whole bar and still too long: the buttons that have a short title show it.
        if needs.compactMap({ $0 }).reduce(0, +) > bar.width {
            for button in buttons where button.shortTitle != nil { button.showsShortTitle = true }
            needs = controls.map { control in
                (control as? Button).map { $0.shortWidth + markerWidth } ?? control.naturalWidth.map { $0 + markerWidth }
            }
        }
        var widths = needs.compactMap { $0 }
        var excess = widths.reduce(0, +) - bar.width
        // Buttons give way first: a button's title is also said and has its key (F2, F3), while a label's
        // text is the value itself ("quedan 500"), which a cut would hide.
        let givers = controls.indices.filter { !(controls[$0] is Label) }
        while excess > 0 {
            let canGive = { (index: Int) in widths[index] > markerWidth + 1 }
            let pool = givers.contains(where: canGive) ? givers : Array(widths.indices)
            guard let widest = pool.filter(canGive).max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
            excess -= 1
        }
        // What is left over goes between the controls, so they spread over the bar as before.
        let gaps = widths.count > 1 ? max(0, -excess) / (widths.count - 1) : 0
        var x = bar.x
        return widths.map { width in
            defer { x += width + gaps }
            return Rect(x: x, y: row.y, width: min(width, max(0, bar.maxX - x)), height: 1)
        }
    }

    private func equalLayout(in row: Rect) -> [Rect] {
        let part = row.width / 4
        var rects = [Rect(x: row.x, y: row.y, width: part, height: 1),
                     Rect(x: row.x + part, y: row.y, width: part, height: 1)]
        for (index, slot) in slots.enumerated() where slot != nil {
            let x = row.x + part * (2 + index)
            let isLast = index == 1 || slots[1] == nil
            rects.append(Rect(x: x, y: row.y, width: isLast ? row.maxX - x : part, height: 1))
        }
        return rects
    }
}
