import ParlaBase
import SpeechKit
import TerminalKit

/// The keypad's row of words (word prediction): Up from the top row of keys reaches it, Left and Right go
/// through its words, each said in the text's voice, Enter or Space chooses one and Down goes back to the keys.
extension Keypad {
    /// A word said in the words' language; `lead` (the row's name, its position) in the interface's.
    func wordSpoken(_ index: Int, lead: String? = nil, earcon: Earcon? = nil) -> Announcement {
        var segments: [Utterance.Segment] = []
        if let lead { segments.append(Utterance.Segment(lead)) }
        segments.append(Utterance.Segment(words[index], language: wordsLanguage))
        return .say(Utterance(segments: segments, earcon: earcon))
    }

    /// The row's name and size, said as it is reached: "Words, 5:".
    func wordsLead(_ context: ControlContext) -> String {
        context.string("lv.keypad.words.lead", ["count": String(words.count)])
    }

    /// The finger goes to the first word.
    func enterWords(context: ControlContext) -> ControlResponse {
        scanner.stop()
        wordIndex = 0
        return ControlResponse([wordSpoken(0, lead: wordsLead(context))])
    }

    /// Up, Down, Left, Right and Enter while the finger is on the words.
    func wordsRow(_ command: ControlCommand, at index: Int, context: ControlContext) -> ControlResponse {
        switch command {
        case .down:
            wordIndex = nil
            return ControlResponse([.text(keySpoken(selected, context), earcon: selected == KeypadLayout.centre ? .keypadCentre : nil)])
        case .up:
            return ControlResponse([wordSpoken(index, earcon: .edge)])
        case .previous, .next:
            let next = index + (command == .next ? 1 : -1)
            guard words.indices.contains(next) else { return ControlResponse([wordSpoken(index, earcon: .edge)]) }
            wordIndex = next
            return ControlResponse([wordSpoken(next)])
        default:
            return choose(index)
        }
    }

    /// A word chosen: the screen puts it in the text. The finger stays on the row, on its first word.
    func choose(_ index: Int) -> ControlResponse {
        wordIndex = words.isEmpty ? nil : 0
        return ControlResponse([.play(.activate)], events: [ControlEvent(source: self, kind: .selected(index))])
    }

    /// Draws the words' line; returns where the cursor goes when the finger is on a word.
    func renderWords(into grid: inout CellGrid, at origin: Point, width: Int, focused: Bool, context: ControlContext) -> Point? {
        WordsLine.draw(words, chosen: wordIndex, into: &grid, at: origin, width: width, focused: focused, context: context)
    }
}
