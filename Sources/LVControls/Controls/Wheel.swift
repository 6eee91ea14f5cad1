import Foundation
import ParlaBase
import SpeechKit
import TerminalKit

/// LVWheel: a long list walked like a mouse wheel, one item chosen.
///
/// Up and Down move one item, PgUp and PgDn a page, Home and End to the ends; at either end the
/// edge earcon plays and the end item is said again. Typing letters jumps to the next item that
/// starts with them (letters typed within a second build one prefix). Enter chooses. The wheel
/// reads only the items it shows or says, so 100 000 items cost no more than ten.
///
/// The items come from a data source (``WheelItems``); items that have their own words and
/// language (``WheelItems/speech(at:)``) are said in them, on focus and on every move.
public final class Wheel: Control {
    public var title: String
    public private(set) var items: any WheelItems
    /// The item under the marker.
    public private(set) var index: Int
    /// Items moved by PgUp and PgDn.
    public var pageSize: Int
    /// Whether more items may follow the last one (a timeline's older pages): then Down, PgDn or End
    /// on the last item say nothing and play no edge; the wheel emits ``ControlEvent/Kind/pastEnd``
    /// for its screen to fetch them and say so.
    public var continuesBelow = false
    /// What an empty wheel says and shows as its value; nil says "empty". A list whose first items
    /// are still being fetched says "loading" instead, which is what is true.
    public var emptyValue: String?
    /// Whether choosing plays only the activate earcon: for lists whose Enter opens the item at once
    /// (a post's thread), where "<the whole post> chosen" would be cut by what opens.
    public var quietChoice = false
    /// Whether Right says what the item under the marker held back (``WheelItems/more(at:)``): the rest of a
    /// post a timeline said the opening of. Off, Right moves the focus on, as everywhere.
    public var readsOn = false
    /// The item whose rest one-switch scanning has said, as a step of its own (``scanStep(context:)``).
    var scanRestSaid: Int?
    /// The rest Right said last, of the item under the marker: Right again has nothing more (Ctrl+R repeats it).
    /// Cleared as the item is said again.
    private var restSaid: (index: Int, text: String)?
    private var prefix = ""
    private var lastTyped: Duration?

    /// How long typed letters keep building one prefix.
    public static let typingWindow: Duration = .seconds(1)

    public init(_ title: String, items: any WheelItems, index: Int = 0, pageSize: Int = 10) {
        self.title = title
        self.items = items
        self.index = items.count == 0 ? 0 : min(max(0, index), items.count - 1)
        self.pageSize = max(1, pageSize)
    }

    public var bindings: [KeyBinding<ControlCommand>] { readsOn ? Self.readingBindings : Self.movingBindings }

    static let readingBindings = movingBindings + [KeyBinding([.right], .readOn, "lv.key.wheel.read-on")]

    static let movingBindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.down], .next, "lv.key.wheel.next"),
        KeyBinding([.up], .previous, "lv.key.wheel.previous"),
        KeyBinding([.pageDown], .pageDown, "lv.key.wheel.page-down"),
        KeyBinding([.pageUp], .pageUp, "lv.key.wheel.page-up"),
        KeyBinding([.home], .start, "lv.key.wheel.first"),
        KeyBinding([.end], .end, "lv.key.wheel.last"),
        KeyBinding([.enter, .space], .activate, "lv.key.wheel.choose"),
    ]

    /// Replaces the items (the position is kept within the new count).
    public func setItems(_ newItems: any WheelItems) {
        items = newItems
        index = newItems.count == 0 ? 0 : min(index, newItems.count - 1)
    }

    public func preferredHeight(width: Int) -> Int { 7 }

    public func noteArea(_ area: Rect) { if area.height >= 3 { pageSize = area.height - 1 } }

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        guard items.count > 0 else {
            return AccessibilityDescription(label: title, role: .wheel, value: (emptyValue ?? context.string("lv.empty")))
        }
        if items.speech(at: index) != nil {
            // The item is said after the description, in its own words and voice (focusEntered).
            return AccessibilityDescription(label: title, role: .wheel, position: .init(index: index + 1, count: items.count),
                                            hint: context.string(readsOn ? "lv.hint.wheel.reads-on" : "lv.hint.wheel"))
        }
        return AccessibilityDescription(label: title, role: .wheel, value: TextSafety.stripped(items.item(at: index)),
                                        position: .init(index: index + 1, count: items.count),
                                        hint: context.string(readsOn ? "lv.hint.wheel.reads-on" : "lv.hint.wheel"))
    }

    /// The first item shown in a window of `rows` rows: the current item is kept in the middle.
    public func windowStart(rows: Int) -> Int {
        guard items.count > rows else { return 0 }
        return min(max(0, index - rows / 2), items.count - rows)
    }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let theme = context.theme
        guard area.height > 0 else { return area.origin }
        // The screen-reader drawing shows no position (it would change, and be read, at every move: it is
        // said with the item and on request) and marks no header: the current row's block shows the focus.
        let position = items.count == 0 || theme.plain ? ""
            : " " + context.string("lv.position", ["index": String(index + 1), "count": String(items.count)])
        if area.height < 3 || items.count == 0 {
            let value = items.count == 0 ? (emptyValue ?? context.string("lv.empty")) : items.item(at: index)
            return ControlChrome.line("\(title): \(value)\(position)", into: &grid, area: area, focused: focused, theme: theme)
        }
        let header = ControlChrome.line(title + position, into: &grid, area: Rect(x: area.x, y: area.y, width: area.width, height: 1),
                                        focused: focused && !theme.plain, theme: theme, role: .heading)
        let rows = area.height - 1
        let first = theme.plain ? pageStart(rows: rows) : windowStart(rows: rows)
        var cursor = header
        let indent = ControlChrome.markerWidth(theme)
        for row in 0..<min(rows, items.count - first) {
            let itemIndex = first + row
            let y = area.y + 1 + row
            let current = itemIndex == index
            let point = Point(x: area.x + indent, y: y)
            let text = TextSafety.stripped(items.item(at: itemIndex))
            if theme.plain {
                // The rows' text never changes with the focus: only the block before the current row does.
                grid.write("  " + text, at: point, style: theme.style(.normal), maxWidth: area.maxX - point.x, ellipsis: theme.charset.ellipsis)
                if current && focused { grid.write("  ", at: point, style: theme.style(.focused), maxWidth: 2) }
            } else {
                let style = theme.style(current ? (focused ? .focused : .heading) : .normal)
                grid.write((current ? "> " : "  ") + text, at: point, style: style, maxWidth: area.maxX - point.x, ellipsis: theme.charset.ellipsis)
            }
            if current { cursor = Point(x: point.x + 2, y: y) }
        }
        return cursor
    }

    /// The first item shown when `rows` rows show items a page at a time (the screen-reader drawing): the
    /// rows stay where they are until the marker leaves them, so a move redraws no other row.
    public func pageStart(rows: Int) -> Int {
        guard rows > 0, items.count > rows else { return 0 }
        return min(index / rows * rows, items.count - rows)
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        guard items.count > 0 else {
            // An empty list answers its own keys, not with silence: "empty" (or what it says instead) at the edge.
            guard command(for: key) != nil else { return nil }
            return ControlResponse([.text(emptyValue ?? context.string("lv.empty"), earcon: .edge)])
        }
        if let command = command(for: key) {
            if continuesBelow, index == items.count - 1, [.next, .pageDown, .end].contains(command) {
                prefix = ""
                return ControlResponse(events: [ControlEvent(source: self, kind: .pastEnd)])
            }
            switch command {
            case .next: return move(to: index + 1, context: context)
            case .previous: return move(to: index - 1, context: context)
            case .pageDown: return move(to: index + pageSize, context: context)
            case .pageUp: return move(to: index - pageSize, context: context)
            case .start: return move(to: 0, context: context)
            case .end: return move(to: items.count - 1, context: context)
            case .activate:
                let said: Announcement = quietChoice
                    ? .play(.activate)
                    : .text(context.string("lv.chosen", ["value": TextSafety.stripped(items.item(at: index))]), earcon: .activate)
                return ControlResponse([said], events: [ControlEvent(source: self, kind: .selected(index))])
            case .readOn:
                // Said as the item is: it interrupts what is being read, and a new focus cuts it.
                if let more = items.more(at: index), case let said = more.utterance(), restSaid?.index != index || restSaid?.text != said.text {
                    restSaid = (index, said.text)
                    return ControlResponse([.say(said)], events: [ControlEvent(source: self, kind: .readOn(index))])
                }
                return ControlResponse([.text(context.string("lv.wheel.nothing-more"), earcon: .edge)])
            default: return nil
            }
        }
        if let character = key.printable, character.isLetter || character.isNumber {
            return jump(typing: character, context: context)
        }
        return nil
    }

    public func focusEntered(context: ControlContext) -> ControlResponse {
        restSaid = nil
        guard items.count > 0, var speech = items.speech(at: index) else { return .none }
        // The focus earcon has just played with the description: the item's cue would sound over it.
        speech.cue = nil
        return ControlResponse([.say(speech.utterance())])
    }

    private func move(to target: Int, context: ControlContext) -> ControlResponse {
        let clamped = min(max(0, target), items.count - 1)
        let hitEdge = clamped != target || clamped == index
        let previous = index
        index = clamped
        prefix = ""
        restSaid = nil
        // Only a step to the next or the previous item leaves out what both say alike: after a jump all is said.
        let step = !hitEdge && abs(clamped - previous) == 1
        return ControlResponse([.focusMoved, .say(itemSpoken(context, earcon: hitEdge ? .edge : nil, after: step ? previous : nil))])
    }

    /// The item under the marker as said: in its own words and language, or its line (and position at full verbosity).
    public func utterance(context: ControlContext, priority: SpeechPriority = .focus, earcon: Earcon? = nil) -> Utterance? {
        guard items.count > 0 else { return nil }
        return itemSpoken(context, priority: priority, earcon: earcon)
    }

    /// - Parameter previous: the item said just before, when the marker moved from it.
    private func itemSpoken(_ context: ControlContext, priority: SpeechPriority = .focus, earcon: Earcon? = nil, after previous: Int? = nil) -> Utterance {
        let stepped = previous.flatMap { $0 != index && items.count > $0 ? $0 : nil }
        let said = stepped.map { items.speech(at: index, after: $0) } ?? items.speech(at: index)
        if let speech = said {
            return speech.utterance(priority: priority, earcon: earcon)
        }
        let item = TextSafety.stripped(items.item(at: index))
        let text = context.settings.verbosity == .full
            ? context.string("lv.option", ["value": AccessibilityDescription.withoutFullStop(item), "index": String(index + 1), "count": String(items.count)])
            : item
        return Utterance(text, priority: priority, earcon: earcon)
    }

    private func jump(typing character: Character, context: ControlContext) -> ControlResponse {
        let extending = lastTyped.map { context.now - $0 <= Wheel.typingWindow } ?? false
        prefix = extending ? prefix + String(character) : String(character)
        lastTyped = context.now
        // A longer prefix may still match the current item; a new letter looks from the next one.
        let from = extending ? index : index + 1
        let count = items.count
        for offset in 0..<count {
            let candidate = (from + offset) % count
            if Wheel.startsWith(items.item(at: candidate), prefix) {
                // A longer prefix of the item being said goes on saying it ("n", "no", "not": "Notifications" once).
                if extending, candidate == index { return .none }
                index = candidate
                return ControlResponse([.focusMoved, .say(itemSpoken(context))])
            }
        }
        return ControlResponse([.text(context.string("lv.wheel.no-match", ["prefix": prefix]), earcon: .error)])
    }

    /// Whether `item` starts with `prefix`, ignoring case and accents.
    static func startsWith(_ item: String, _ prefix: String) -> Bool {
        item.range(of: prefix, options: [.anchored, .caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// Replaces the items and moves to `newIndex` without announcing it.
    public func setItems(_ newItems: any WheelItems, index newIndex: Int) {
        setItems(newItems)
        select(newIndex)
    }

    /// Moves to `newIndex` without announcing it.
    public func select(_ newIndex: Int) {
        guard items.count > 0 else { return }
        index = min(max(0, newIndex), items.count - 1)
    }
}

extension Wheel {
    /// The current item's line whole (a long post the row cut).
    public var wholeText: String? { items.count == 0 ? nil : TextSafety.stripped(items.item(at: min(index, items.count - 1))) }
}
