/// What kind of control something is, as said after its label ("Send, button").
public enum ControlRole: String, CaseIterable, Sendable {
    case label, textField = "text-field", button, toggle, segmented, timedSegmented = "timed-segmented"
    case wheel, keypad, loading, words

    /// The localization key of the role's spoken name.
    public var nameKey: String { "lv.role.\(rawValue)" }
}
