import TerminalKit

/// Stacks controls from the top and scrolls so the focused one shows whole (small windows).
public enum ScrollingLayout {
    /// The area of each control, one under another at its preferred height (at least one row), with a
    /// blank row between them when all fit so; the first ones give way until `focus` shows whole.
    /// Controls scrolled off or past the bottom get an empty rect.
    public static func vertical(_ controls: [any Control], in area: Rect, focus: Int?) -> [Rect] {
        let heights = controls.map { max(1, $0.preferredHeight(width: area.width)) }
        let total = heights.reduce(0, +)
        let spacing = total + controls.count - 1 <= area.height ? 1 : 0
        var first = 0
        if let focus, controls.indices.contains(focus) {
            // The smallest first control that still shows the focused one whole.
            while first < focus {
                let used = heights[first...focus].reduce(0, +) + (focus - first) * spacing
                if used <= area.height { break }
                first += 1
            }
        }
        var y = area.y
        var rects: [Rect] = []
        for (index, height) in heights.enumerated() {
            if index < first || y >= area.maxY {
                rects.append(Rect(x: area.x, y: area.y, width: 0, height: 0))
                continue
            }
            let rows = min(height, area.maxY - y)
            rects.append(Rect(x: area.x, y: y, width: area.width, height: rows))
            y += rows + spacing
        }
        return rects
    }
}
