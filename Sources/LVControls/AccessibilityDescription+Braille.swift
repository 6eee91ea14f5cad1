import ParlaBase

extension AccessibilityDescription {
    /// The description as the braille line shows it: the label, the role's short braille form ("btn",
    /// "lst"), the value and the state, without position or hint (the words are the ones said).
    public func braille(localizer: Localizer) -> String {
        let role = role == .label ? "" : localizer.string(role.brailleKey)
        let parts = [label, role, value ?? "", state ?? ""].map { TextSafety.stripped($0) }.filter { !$0.isEmpty }
        return parts.joined(separator: " ")
    }
}

extension ControlRole {
    /// The localization key of the role's short braille form (a label has none: its text is enough).
    public var brailleKey: String { "braille.role.\(rawValue)" }
}
