/// One row of a screen's key table: the keys, the action they trigger, and what it does.
///
/// The same table drives behaviour, the Info (F1) help and input-help mode, so what a user
/// hears about a key is always what the key does.
public struct KeyBinding<Action: Hashable & Sendable>: Hashable, Sendable {
    /// Keys that trigger the action (the first is the one named in help).
    public let keys: [Key]
    public let action: Action
    /// Localization key of the action's description.
    public let descriptionKey: String

    public init(_ keys: [Key], _ action: Action, _ descriptionKey: String) {
        precondition(!keys.isEmpty, "a binding needs at least one key")
        self.keys = keys
        self.action = action
        self.descriptionKey = descriptionKey
    }

    /// Whether `key` triggers this binding.
    public func matches(_ key: Key) -> Bool { keys.contains(key) }
}

extension Array {
    /// The action bound to `key` in a key table, if any.
    public func action<A>(for key: Key) -> A? where Element == KeyBinding<A> {
        first(where: { $0.matches(key) })?.action
    }
}
