/// Characters that must never reach a terminal or a synthesiser as they are.
///
/// Removed: C0 and C1 controls (ESC, BEL, backspace, CSI and the rest), DEL, and the bidirectional
/// overrides and isolates that can reorder what is shown (U+202A–U+202E, U+2066–U+2069), plus
/// U+FFF9–U+FFFB interlinear annotations, the bidi marks (U+200E, U+200F, U+061C), the byte-order mark,
/// the line and paragraph separators (U+2028, U+2029), the tag characters (U+E0000–U+E007F) and the
/// zero-width characters that only hide or split text (U+200B, U+2060–U+2064, U+180E). The zero-width
/// joiner and non-joiner (U+200D, U+200C) stay: emoji sequences and Persian, Hindi and other scripts
/// need them. Line breaks and tabs are handled by the caller's layout.
public enum TextSafety {
    /// Whether a scalar is a control or formatting override that must be dropped.
    @inlinable
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
        if value >= 0x202A && value <= 0x202E { return true }
        if value >= 0x2066 && value <= 0x2069 { return true }
        if value >= 0xFFF9 && value <= 0xFFFB { return true }
        if value == 0x200E || value == 0x200F || value == 0x061C || value == 0xFEFF || value == 0x2028 || value == 0x2029 { return true }
        if value >= 0xE0000 && value <= 0xE007F { return true }
        if value == 0x200B || value == 0x180E || (value >= 0x2060 && value <= 0x2064) { return true }
        return false
    }

    /// The text on one line, safe: whole terminal sequences and every unsafe scalar removed, newlines
    /// and tabs as spaces. The same as ``cleaned(_:keepNewlines:)``: dropping the escape character alone
    /// left `[31mRED[0m` and `]0;PWNED` for the screen and the voice.
    public static func stripped(_ text: String) -> String {
        cleaned(text)
    }
}
