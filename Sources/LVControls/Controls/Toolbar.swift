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
    public func layout(in row: Rect) -> [Rect] {
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
