/// The twelve keys of a phone keypad and the characters each holds in each mode.
public enum KeypadLayout {
    /// The keys in reading order: three columns, four rows.
    public static let keys: [Character] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"]
    /// Columns of the grid.
    public static let columns = 3
    /// The index of key 5, the centre the thesis marked with a vibration.
    public static let centre = 4

    /// The characters key `key` types in `mode`, in scanning and multi-tap order; empty for * and #.
    public static func characters(of key: Character, mode: Keypad.Mode) -> [Character] {
        guard key != "*", key != "#" else { return [] }
        switch mode {
        case .numbers:
            return [key]
        case .symbols:
            return symbols[key] ?? [key]
        case .lower, .upper:
            let base = letters[key] ?? [key]
            return mode == .upper ? base.map { Character($0.uppercased()) } : base
        }
    }

    private static let letters: [Character: [Character]] = [
        "1": [".", ",", "?", "!", "'", "\"", "-", "1"],
        "2": ["a", "b", "c", "á", "à", "ç", "2"],
        "3": ["d", "e", "f", "é", "è", "3"],
        "4": ["g", "h", "i", "í", "ï", "4"],
        "5": ["j", "k", "l", "5"],
        "6": ["m", "n", "o", "ñ", "ó", "ò", "6"],
        "7": ["p", "q", "r", "s", "7"],
        "8": ["t", "u", "v", "ú", "ü", "8"],
        "9": ["w", "x", "y", "z", "9"],
        "0": [" ", "0"],
    ]

    private static let symbols: [Character: [Character]] = [
        "1": [".", ",", "?", "!", "¿", "¡"],
        "2": ["@", "#", "$", "€", "%"],
        "3": ["&", "*", "+", "=", "-"],
        "4": ["(", ")", "[", "]"],
        "5": ["/", "\\", "_", "|"],
        "6": [":", ";", "<", ">"],
        "7": ["'", "\"", "`", "~"],
        "8": ["^", "{", "}", "·"],
        "9": ["£", "§", "°", "ª", "º"],
        "0": [" ", "\n"],
    ]
}
