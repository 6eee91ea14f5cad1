import BrailleKit
import ParlaBase

extension TextField {
    /// "Title: text", the cursor on the caret; line breaks shown as blanks, one cell each.
    public func brailleLine(context: ControlContext) -> BrailleLine? {
        let prefix = Array(TextSafety.stripped(title) + ": ")
        let shown = prefix + characters.map { $0 == "\n" ? " " : $0 }
        return BrailleLine(String(shown), cursor: BrailleLine.cell(ofCharacter: prefix.count + cursor, in: shown))
    }

    /// A routing key over the text moves the caret there (over the title: to the text's start) and says where it is.
    public func route(toCharacter offset: Int, context: ControlContext) -> ControlResponse? {
        let prefix = Array(TextSafety.stripped(title) + ": ")
        let character = BrailleLine.character(atCell: offset, in: prefix + characters)
        moveCursor(to: character - prefix.count)
        return ControlResponse([.text(context.string("braille.caret-moved", ["position": String(cursor + 1)]))])
    }
}
