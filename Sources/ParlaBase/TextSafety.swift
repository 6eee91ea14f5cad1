/// Characters that must never reach a terminal or a synthesiser as they are.
///
/// Removed: C0 and C1 controls (ESC, BEL, backspace, CSI and the rest), DEL, and the bidirectional
/// overrides and isolates that can reorder what is shown (U+202A–U+202E, U+2066–U+2069), plus
/// U+FFF9–U+FFFB interlinear annotations. Line breaks and tabs are handled by the caller's layout.
public enum TextSafety {
    /// Whether a scalar is a control or formatting override that must be dropped.
    @inlinable
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
        if value >= 0x202A && value <= 0x202E { return true }
        if value >= 0x2066 && value <= 0x2069 { return true }
        if value >= 0xFFF9 && value <= 0xFFFB { return true }
        return false
    }

    /// The text with every unsafe scalar removed; newlines and tabs become spaces.
    public static func stripped(_ text: String) -> String {
        var needsWork = false
        for scalar in text.unicodeScalars where isUnsafe(scalar) {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                scalars.append(" ")
            } else if !isUnsafe(scalar) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
