/// How much of a control's description is said when it gets focus.
public enum Verbosity: String, CaseIterable, Sendable, Codable {
    /// Label, role, value, state, position, and a hint on how to use it the first time a control of its
    /// kind gets focus in a session (afterwards on request: F1 or input help). The default.
    case full
    /// Label, value and state.
    case short
    /// The value (or the label when there is none) and the state.
    case minimal
    /// As ``full``, with every hint every time, and posts read with everything (counts, link previews).
    case all

    /// The localization key of the level's name.
    public var nameKey: String { "lv.verbosity.\(rawValue)" }
}

/// What the user hears while typing into a text field.
public enum EchoMode: String, CaseIterable, Sendable, Codable {
    case none, characters, words, both

    /// Whether each typed character is said.
    public var echoesCharacters: Bool { self == .characters || self == .both }
    /// Whether each finished word is said.
    public var echoesWords: Bool { self == .words || self == .both }
    /// The localization key of the mode's name.
    public var nameKey: String { "lv.echo.\(rawValue)" }
}

/// Settings every control reads while handling keys; the host owns them.
public struct ControlSettings: Sendable, Equatable, Codable {
    public var verbosity: Verbosity
    public var echo: EchoMode
    /// The dwell interval of timed controls (scanning and keypad multi-tap), kept within 400–3000 ms.
    public var dwell: Duration {
        didSet { dwell = ControlSettings.clampDwell(dwell) }
    }

    /// The default dwell: 1200 ms.
    public static let defaultDwell: Duration = .milliseconds(1200)
    /// The range the dwell may be set in.
    public static let dwellRange: ClosedRange<Duration> = .milliseconds(400) ... .milliseconds(3000)

    /// One-switch scanning: focus moves by itself at the dwell interval and a switch acts (``ScreenHost``).
    public var scanning: Bool
    /// Whether moving focus with Tab or an arrow plays the leave earcon of the control left before the
    /// focus earcon of the one entered (one after the other, never mixed).
    public var leaveSound: Bool

    public init(verbosity: Verbosity = .full, echo: EchoMode = .characters, dwell: Duration = ControlSettings.defaultDwell,
                scanning: Bool = false, leaveSound: Bool = true) {
        self.verbosity = verbosity
        self.echo = echo
        self.scanning = scanning
        self.leaveSound = leaveSound
        self.dwell = ControlSettings.clampDwell(dwell)
    }

    /// `value` brought into ``dwellRange``.
    public static func clampDwell(_ value: Duration) -> Duration {
        min(max(value, dwellRange.lowerBound), dwellRange.upperBound)
    }
}
