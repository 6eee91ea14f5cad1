import LVControls
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// A wheel whose items are said in their own words and language (posts, people, places).
///
/// Built on LVControls' ``Wheel``: the wheel moves and draws; this control says the item under the
/// marker as the presenter made it (a Spanish post with the Spanish voice) and tells its screen
/// when the item changed, so the labels above follow.
final class ItemWheel: Control {
    let wheel: Wheel
    /// The items, made ready for screen and voice only when shown or said.
    private var items: PresentedItems
    /// Called after the item under the marker changed (by a key or new items).
    var onMove: ((Int) -> Void)?

    init(_ title: String, entries: [Presented] = [], index: Int = 0) {
        items = PresentedItems(entries)
        wheel = Wheel(title, items: items, index: index)
    }

    var title: String {
        get { wheel.title }
        set { wheel.title = newValue }
    }

    var index: Int { wheel.index }
    var count: Int { items.count }
    var current: Presented? { (0..<items.count).contains(wheel.index) ? items.presented(at: wheel.index) : nil }

    /// Replaces the items; `index` is where the marker goes.
    func setEntries(_ newEntries: [Presented], index: Int) {
        setItems(PresentedItems(newEntries), index: index)
    }

    /// Replaces the items with `count` made on demand by `present` (a timeline of 100 000 posts
    /// presents only the rows shown and the post said); `index` is where the marker goes.
    func setEntries(count: Int, index: Int, present: @escaping (Int) -> Presented) {
        setItems(PresentedItems(count: count, present), index: index)
    }

    private func setItems(_ newItems: PresentedItems, index: Int) {
        items = newItems
        wheel.setItems(newItems)
        wheel.select(index)
    }

    /// Moves the marker without saying anything.
    func select(_ index: Int) { wheel.select(index) }

    /// The current item as an utterance at `priority`.
    func utterance(priority: SpeechPriority = .focus, earcon: Earcon? = nil) -> Utterance? {
        guard let current else { return nil }
        return Utterance(current.spoken, language: current.language, priority: priority, earcon: earcon)
    }

    var bindings: [KeyBinding<ControlCommand>] { wheel.bindings }
    func preferredHeight(width: Int) -> Int { wheel.preferredHeight(width: width) }
    func noteArea(_ area: Rect) { wheel.noteArea(area) }

    func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        wheel.render(into: &grid, area: area, focused: focused, context: context)
    }

    func accessibility(context: ControlContext) -> AccessibilityDescription {
        guard items.count > 0 else { return wheel.accessibility(context: context) }
        return AccessibilityDescription(label: wheel.title, role: .wheel,
                                        position: .init(index: wheel.index + 1, count: items.count),
                                        hint: context.string("lv.hint.wheel"))
    }

    func focusEntered(context: ControlContext) -> ControlResponse {
        guard let utterance = utterance() else { return .none }
        return ControlResponse([.say(utterance)])
    }

    func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        let before = wheel.index
        guard var response = wheel.handle(key, context: context) else { return nil }
        if command(for: key) == .activate { return response }
        // The wheel said the line; say the item itself instead, with the wheel's earcon.
        let earcon = response.announcements.compactMap { announcement -> Earcon? in
            if case .say(let u) = announcement { return u.earcon }
            return nil
        }.first
        if let utterance = utterance(earcon: earcon), items.count > 0, response.announcements.count == 1,
           case .say(let said) = response.announcements[0], said.earcon != .error {
            response.announcements = [.say(utterance)]
        }
        if wheel.index != before { onMove?(wheel.index) }
        return response
    }
}

/// A wheel's items, each presented the first time it is shown or said and kept from then on.
final class PresentedItems: WheelItems {
    let count: Int
    private let make: (Int) -> Presented
    /// How many presented items are kept at most.
    static let kept = 4096
    /// Whether made items are kept (not when they come from an array already).
    private let keeps: Bool
    private var made: [Int: Presented] = [:]

    init(count: Int, keeps: Bool = true, _ make: @escaping (Int) -> Presented) {
        self.count = count
        self.keeps = keeps
        self.make = make
    }

    convenience init(_ presented: [Presented]) {
        self.init(count: presented.count, keeps: false) { presented[$0] }
    }

    /// The item at `index` (0 ..< count), presented now if it was not yet.
    func presented(at index: Int) -> Presented {
        guard keeps else { return make(index) }
        if let done = made[index] { return done }
        // Bounded: reading through 100 000 posts keeps only the last few thousand presented.
        if made.count >= Self.kept { made.removeAll(keepingCapacity: true) }
        let done = make(index)
        made[index] = done
        return done
    }

    func item(at index: Int) -> String { presented(at: index).line }
}

/// Stacks controls from the top and scrolls so the focused one shows (small windows).
enum ScrollingLayout {
    static func vertical(_ controls: [any Control], in area: Rect, focus: Int?) -> [Rect] {
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
