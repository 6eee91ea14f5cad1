/// A thing a screen can be asked to do by one of its single keys ("reply", "refresh").
///
/// An open set, like ``ControlCommand``: each program names its own screens' commands.
public struct ScreenCommand: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
