import Foundation

/// Decorative letters (mathematical bold and script, fullwidth, circled, double-struck) as plain letters.
///
/// Only these blocks are mapped, each scalar by its compatibility (NFKC) form: superscripts, fractions,
/// ligatures and accented letters stay as written, and so do emoji such as 🅰️ and regional indicators.
enum Decorative {
    /// Scalar → its plain form, for every scalar of the mapped blocks that has one.
    /// Symbols that are meant as they are (™, ℠, №, ℃ ℉ keep their sign).
    static let kept: Set<UInt32> = [0x2122, 0x2120, 0x2116, 0x2103, 0x2109, 0x2121]

    static let table: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        let ranges: [ClosedRange<UInt32>] = [
            0x1D400...0x1D7FF,  // Mathematical Alphanumeric Symbols
            0xFF01...0xFF5E,  // Fullwidth ASCII
            0x2460...0x24FF,  // Enclosed Alphanumerics (circled letters and numbers)
            0x1F100...0x1F16F,  // Enclosed Alphanumeric Supplement, before the emoji letters
            0x2100...0x214F,  // Letterlike Symbols (ℍ, ℝ, ℓ…)
        ]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), !kept.contains(value) else { continue }
                let original = String(scalar)
                let mapped = original.precomposedStringWithCompatibilityMapping
                if mapped != original, !mapped.isEmpty { table[value] = mapped }
            }
        }
        return table
    }()

    /// Whether any scalar could be decorative (cheap test before the copy).
    static func mayContain(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x2100...0x24FF).contains(value) || (0xFF01...0xFF5E).contains(value) 
            || (0x1D400...0x1D7FF).contains(value) || (0x1F100...0x1F16F).contains(value)
    }

    /// `text` with decorative letters made plain.
    static func normalized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: mayContain) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if mayContain(scalar), let plain = table[scalar.value] {
                output.append(contentsOf: plain.unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }
}
