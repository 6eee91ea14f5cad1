import ParlaBase
import SpeechKit
import TerminalKit

/// A row of words offered for the text being written (word prediction), for writing without the keypad.
///
/// Left and Right go through the words, each said in the text's voice; Enter or Space chooses one
/// (``ControlEvent/Kind/selected(_:)`` with its index, and the screen puts it in the text). The row keeps its
/// place in the Tab order whatever it holds, so Tab always goes where it went.
public final class WordRow: Control {
    public var title: String
    /// The words, best first; the screen sets them as the text changes.
    public var words: [String] = [] {
        didSet { if index >= words.count { index = max(0, words.count - 1) } }
    }
    /// The language the words are said in (the post's); nil: the interface's.
    public var language: String?
    /// The word under the finger.
    public private(set) var index = 0

    public init(_ title: String) {
        self.title = title
    }

    public let bindings: [KeyBinding<ControlCommand>] = [
        KeyBinding([.right], .next, "lv.key.words.next"),
        KeyBinding([.left], .previous, "lv.key.words.previous"),
        KeyBinding([.enter, .space], .activate, "lv.key.words.choose"),
    ]

    /// The word said in the text's voice, its place before it in the interface's ("2 of 5: ").
    private func spoken(_ lead: String?, earcon: Earcon? = nil) -> Announcement {
        var segments: [Utterance.Segment] = []
        if let lead { segments.append(Utterance.Segment(lead)) }
        segments.append(Utterance.Segment(words[index], language: language))
        return .say(Utterance(segments: segments, earcon: earcon))
    }

    public func accessibility(context: ControlContext) -> AccessibilityDescription {
        AccessibilityDescription(label: title, role: .words, value: words.isEmpty ? context.string("lv.keypad.words.none") : nil,
                                 position: words.isEmpty ? nil : .init(index: index + 1, count: words.count),
                                 hint: context.string("lv.hint.words"))
    }

    /// The word under the finger is the item said with the row, in its own voice.
    public func focusEntered(context: ControlContext) -> ControlResponse {
        words.isEmpty ? .none : ControlResponse([spoken(nil)])
    }

    public func handle(_ key: Key, context: ControlContext) -> ControlResponse? {
        switch command(for: key) {
        case .next?, .previous?:
            guard !words.isEmpty else { return ControlResponse([.text(context.string("lv.keypad.words.none"), earcon: .edge)]) }
            let target = index + (command(for: key) == .next ? 1 : -1)
            guard words.indices.contains(target) else { return ControlResponse([spoken(nil, earcon: .edge)]) }
            index = target
            return ControlResponse([spoken(nil)])
        case .activate?:
            guard !words.isEmpty else { return ControlResponse([.text(context.string("lv.keypad.words.none"), earcon: .edge)]) }
            let chosen = index
            index = 0
            return ControlResponse([.play(.activate)], events: [ControlEvent(source: self, kind: .selected(chosen))])
        default:
            return nil
        }
    }

    public func preferredHeight(width: Int) -> Int { 1 }

    public func render(into grid: inout CellGrid, area: Rect, focused: Bool, context: ControlContext) -> Point {
        let marker = ControlChrome.markerWidth(context.theme)
        if focused {
            grid.write(context.theme.focusMarker, at: Point(x: area.x, y: area.y), style: context.theme.style(.focused), maxWidth: marker)
        }
        let origin = Point(x: area.x + marker, y: area.y)
        // In the screen-reader drawing the words are drawn only while the row has the focus: a line that
        // changed with every letter typed would be read out at every letter.
        if context.theme.plain && !focused { return origin }
        let cursor = WordsLine.draw(words, chosen: focused ? index : nil, into: &grid, at: origin, width: area.width - marker,
                                    focused: focused, context: context)
        return cursor ?? origin
    }
}
