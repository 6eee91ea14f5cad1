import ParlaBase
import TerminalKit

/// The key table in force: host, screen and focused control's bindings merged into one list.
///
/// A key resolves to the matching binding of highest ``Binding/Scope/precedence`` (host priority,
/// then the focused control, then the screen, then host fallback); printable keys of bindings
/// outside the control go to a control that takes text. The same table lists the keys in F1 help
/// and says what a key does in input help.
public struct KeyTable: Sendable {
    /// Every binding, in the order help lists them: screen, control, then host.
    public let bindings: [Binding]
    /// Whether the focused control takes typing.
    public let textInput: Bool

    /// - Parameters:
    ///   - host: the host's bindings (priority and fallback).
    ///   - screen: the screen's single-key commands.
    ///   - control: the focused control's key table.
    ///   - textInput: whether the focused control takes typing.
    public init(host: [Binding], screen: [Binding], control: [KeyBinding<ControlCommand>], textInput: Bool) {
        bindings = screen + control.map(Binding.init(control:)) + host
        self.textInput = textInput
    }

    /// The binding `key` resolves to, if any.
    public func resolve(_ key: Key) -> Binding? {
        var winner: Binding?
        for binding in bindings where binding.matches(key) {
            if textInput, key.printable != nil, binding.yieldsPrintableToText { continue }
            if let best = winner, best.scope.precedence >= binding.scope.precedence { continue }
            winner = binding
        }
        return winner
    }

    /// The host's fallback binding of `key`: what the key does when the focused control, which binds
    /// it too, did not use it this time (Esc on a choice with nothing to restore goes back).
    public func fallback(for key: Key) -> Binding? {
        bindings.first { $0.scope == .fallback && $0.matches(key) }
    }

    /// The bindings in force: those their own first key resolves to (a screen command shadowed by the
    /// control's key of the same name, or a letter while typing, is left out).
    public var inForce: [Binding] { bindings.filter { resolve($0.keys[0]) == $0 } }

    /// The help's entries, one per binding in force, with each of its keys that does it ("dot or F 5: refresh the timeline").
    public func helpEntries(localizer: Localizer) -> [String] {
        inForce.map { binding in
            let keys = binding.keys.filter { resolve($0) == binding }.map { KeyNaming.spoken($0, localizer: localizer) }
            return localizer.string("help.entry", ["key": keys.joined(separator: localizer.string("lv.key.or")), "action": localizer.string(binding.descriptionKey)])
        }
    }

    /// What `key` would do, said in input-help mode.
    public func describe(_ key: Key, localizer: Localizer) -> String {
        let name = KeyNaming.spoken(key, localizer: localizer)
        if let binding = resolve(key) {
            return localizer.string("help.entry", ["key": name, "action": localizer.string(binding.descriptionKey)])
        }
        if textInput, key.printable != nil {
            return localizer.string("lv.input-help.types", ["key": name])
        }
        return localizer.string("lv.input-help.nothing", ["key": name])
    }

    static func entry(_ key: Key, _ descriptionKey: String, localizer: Localizer) -> String {
        localizer.string("help.entry", ["key": KeyNaming.spoken(key, localizer: localizer), "action": localizer.string(descriptionKey)])
    }
}
