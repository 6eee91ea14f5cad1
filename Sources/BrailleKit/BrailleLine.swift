/// What the braille display shows for the focus: text (contraction is left to BRLTTY's tables) and where
/// the braille cursor stands in it.
public struct BrailleLine: Sendable, Hashable {
    /// The text, as the user would read it; its unicode scalars are the display's cells.
    public var text: String
    /// The cell of the cursor, counted in unicode scalars from 0; nil shows no cursor.
    public var cursor: Int?

    public init(_ text: String, cursor: Int? = nil) {
        self.text = text
        self.cursor = cursor
    }

    /// The text's cells: one unicode scalar each.
    public var cells: [Unicode.Scalar] { Array(text.unicodeScalars) }

    /// The cell where character `index` of `characters` starts.
    public static func cell(ofCharacter index: Int, in characters: [Character]) -> Int {
        characters.prefix(index).reduce(0) { $0 + $1.unicodeScalars.count }
    }

    /// The character of `characters` shown in cell `cell` (the count of characters past the end).
    public static func character(atCell cell: Int, in characters: [Character]) -> Int {
        var start = 0
        for (index, character) in characters.enumerated() {
            start += character.unicodeScalars.count
            if start > cell { return index }
        }
        return characters.count
    }
}
