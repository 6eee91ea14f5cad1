/// A thing a control can be asked to do; controls bind keys to these in their key tables.
///
/// One open set for every control, so any control's table can be listed in help and input help.
public struct ControlCommand: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let activate = ControlCommand(rawValue: "activate")
    public static let cancel = ControlCommand(rawValue: "cancel")
    public static let next = ControlCommand(rawValue: "next")
    public static let previous = ControlCommand(rawValue: "previous")
    public static let nextWord = ControlCommand(rawValue: "next-word")
    public static let previousWord = ControlCommand(rawValue: "previous-word")
    public static let spellWord = ControlCommand(rawValue: "spell-word")
    public static let readAll = ControlCommand(rawValue: "read-all")
    /// Says what an item's speech held back (a wheel's post).
    public static let readOn = ControlCommand(rawValue: "read-on")
    public static let start = ControlCommand(rawValue: "start")
    public static let end = ControlCommand(rawValue: "end")
    public static let pageUp = ControlCommand(rawValue: "page-up")
    public static let pageDown = ControlCommand(rawValue: "page-down")
    public static let up = ControlCommand(rawValue: "up")
    public static let down = ControlCommand(rawValue: "down")
    public static let deleteBackward = ControlCommand(rawValue: "delete-backward")
    public static let deleteForward = ControlCommand(rawValue: "delete-forward")
    public static let newline = ControlCommand(rawValue: "newline")
    public static let multiTap = ControlCommand(rawValue: "multi-tap")
    public static let typeText = ControlCommand(rawValue: "type-text")
    public static let jump = ControlCommand(rawValue: "jump")
    public static let sayStatus = ControlCommand(rawValue: "say-status")
}
