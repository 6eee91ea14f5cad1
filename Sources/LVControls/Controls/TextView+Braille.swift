import BrailleKit
import ParlaBase

extension TextView {
    /// The text under review, the cursor on the word being reviewed (none before the first step).
    public func brailleLine(context: ControlContext) -> BrailleLine? {
        guard !text.words.isEmpty else { return nil }
        let shown = text.characters.map { $0 == "\n" ? " " : $0 }
        let cursor = review.index.map { BrailleLine.cell(ofCharacter: text.words[$0].lowerBound, in: shown) }
        return BrailleLine(String(shown), cursor: cursor)
    }

    /// A routing key over a word moves review to it and says it (over a blank: the next word).
    public func route(toCharacter offset: Int, context: ControlContext) -> ControlResponse? {
        let words = text.words
        guard !words.isEmpty else { return ControlResponse([.play(.edge)]) }
        let character = BrailleLine.character(atCell: offset, in: text.characters)
        let target = words.firstIndex { $0.upperBound > character } ?? words.count - 1
        review.set(target)
        return read(words[target], atEdge: false)
    }
}
