/// Blank text and trimming, done on Unicode scalars.
///
/// Foundation's `trimmingCharacters(in:)` goes through NSString on Linux, and its first use looks up protocol
/// conformances across the whole binary; presenting a post asks these several times.
extension Unicode.Scalar {
    /// In `CharacterSet.whitespaces` as Foundation has it here: a space separator (Unicode category Zs), a tab,
    /// or the zero-width space.
    public var isSpaceOrTab: Bool { self == "\t" || self == "\u{200B}" || properties.generalCategory == .spaceSeparator }

    /// In `CharacterSet.whitespacesAndNewlines`: those, a line or paragraph separator, U+000A to U+000D, or U+0085.
    public var isWhitespaceOrNewline: Bool {
        switch properties.generalCategory {
        case .lineSeparator, .paragraphSeparator: return true
        default: return isSpaceOrTab || ("\n"..."\r").contains(self) || self == "\u{85}"
        }
    }
}

extension StringProtocol {
    /// Whether every scalar is a space or a tab (`trimmingCharacters(in: .whitespaces).isEmpty`).
    public var isBlank: Bool { unicodeScalars.allSatisfy(\.isSpaceOrTab) }

    /// Whether every scalar is a space, tab or newline (`trimmingCharacters(in: .whitespacesAndNewlines).isEmpty`).
    public var isBlankOrNewlines: Bool { unicodeScalars.allSatisfy(\.isWhitespaceOrNewline) }

    /// The text without spaces and tabs at either end (`trimmingCharacters(in: .whitespaces)`).
    public var trimmingSpacesAndTabs: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpaceOrTab }),
            let last = scalars.lastIndex(where: { !$0.isSpaceOrTab })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
