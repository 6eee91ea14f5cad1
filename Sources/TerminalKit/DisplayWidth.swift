import ParlaBase

/// How many terminal columns text takes, as terminals lay it out.
///
/// East Asian wide and fullwidth characters and emoji take two columns; combining marks,
/// zero-width joiners, variation selectors and other format characters take none.
///
/// Terminals disagree on joined emoji: a family (man, ZWJ, woman, ZWJ, girl) is one glyph of two
/// columns in some, four glyphs of eight columns in others (the Linux console, xterm, screen), and
/// tmux joins some sequences and not others. So a grapheme cluster is drawn as its ``pieces(of:)``,
/// which every terminal lays out alike (the C library's `wcwidth` of each base character, the one
/// measure curses itself keeps the cursor by), and measured as their sum.
public enum DisplayWidth {
    /// The columns one Unicode scalar takes on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }  // ASCII fast path
        if TextSafety.isUnsafe(scalar) { return 0 }
        if value == 0x00AD { return 1 }  // soft hyphen is shown by terminals
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }  // Hangul medial/final jamo
        if value == 0x200B || (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
        if (0x1F1E6...0x1F1FF).contains(value) { return 1 }  // a regional indicator: a flag is two of them
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(value) { return 2 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The columns a grapheme cluster takes, drawn as its ``pieces(of:)``: the sum of theirs.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        // One scalar (nearly every character) without counting the view: counting walks it, and
        // this runs for every cell of every frame.
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        if iterator.next() == nil { return of(first) }
        var width = 0
        var sawBase = false
        for scalar in scalars where !isLeftOut(scalar, afterBase: sawBase) {
            let w = of(scalar)
            if w > 0 { sawBase = true }
            if sawBase { width += w }
        }
        return width
    }

    /// A grapheme cluster as the characters it is drawn as, each taking the same columns on every terminal.
    ///
    /// Each piece is one base character with the combining marks that follow it. Zero-width joiners,
    /// variation selectors, emoji modifiers (skin tones) and tag characters are left out: a terminal that
    /// sees them may join what follows into one glyph of a width no other terminal gives it, leaving the
    /// rest of the row drawn where curses does not think it is. Marks with no base before them are
    /// left out too. A cluster of one scalar is its own single piece.
    public static func pieces(of character: Character) -> [Character] {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard iterator.next() != nil else { return [] }
        if iterator.next() == nil { return [character] }
        var pieces: [String] = []
        for scalar in scalars where !isLeftOut(scalar, afterBase: !pieces.isEmpty) {
            if of(scalar) > 0 {
                pieces.append(String(scalar))
            } else if !pieces.isEmpty, staysWithBase(scalar) {
                pieces[pieces.count - 1].unicodeScalars.append(scalar)
            }
        }
        if pieces.count == 1, pieces[0].unicodeScalars.count == scalars.count { return [character] }
        return pieces.map { Character($0) }
    }

    /// Whether a zero-width scalar is drawn with the base before it (a combining mark, a Hangul vowel or
    /// final consonant): a base and these are always one grapheme cluster.
    private static func staysWithBase(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether a scalar of a longer cluster is left out of what is drawn (``pieces(of:)``).
    private static func isLeftOut(_ scalar: Unicode.Scalar, afterBase: Bool) -> Bool {
        let value = scalar.value
        return value == 0x200D || (0xFE00...0xFE0F).contains(value) || (0xE0020...0xE007F).contains(value)
            || (afterBase && (0x1F3FB...0x1F3FF).contains(value))
    }

    /// Whether a cell's text may take another width on some terminal than the one measured here (an
    /// emoji or a symbol that has gained an emoji form, or a cluster of several characters): a row
    /// holding one is drawn again whole when it changes.
    public static func isUncertain(_ text: String) -> Bool {
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            let value = scalar.value
            if count > 1 || value >= 0x1F000 || (0x2300...0x2BFF).contains(value) || (0x3000...0x303F).contains(value) {
                return true
            }
        }
        return false
    }

    /// The columns a string takes on one line.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, plus the wide emoji blocks.
    @usableFromInline
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320,
        0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
        0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
        0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
        0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    @usableFromInline
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if value < range.lowerBound { high = mid - 1 } else if value > range.upperBound { low = mid + 1 } else { return true }
        }
        return false
    }
}
