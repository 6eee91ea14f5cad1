import TerminalKit

/// One entry of the key table the host resolves keys with: keys, what they do, the localized
/// description said in help and input help, and where on the chain it sits.
///
/// The host, the screen on top and the focused control each contribute bindings; ``KeyTable``
/// merges them into one table, which drives behaviour, F1 help and input help alike.
public struct Binding: Hashable, Sendable {
    /// What a binding does: a host command, a screen's single-key command or a control's command.
    public enum Action: Hashable, Sendable {
        case host(ScreenHost.Command)
        case screen(ScreenCommand)
        case control(ControlCommand)

        /// The action's name, as keymap files write it ("quit", "reply", "activate").
        public var name: String {
            switch self {
            case .host(let command): command.rawValue
            case .screen(let command): command.rawValue
            case .control(let command): command.rawValue
            }
        }
    }

    /// Where a binding sits on the chain a key is resolved along.
    public enum Scope: Int, Hashable, Sendable, CaseIterable {
        /// Host keys that act before anything else (Tab, Ctrl+Q, input help).
        case priority
        /// The screen's single-key commands.
        case screen
        /// The focused control's own keys.
        case control
        /// Host keys used only when the focused control leaves them (Esc, F1, F2, F3).
        case fallback

        /// Which binding wins when two on the chain share a key: the higher. A control's own key
        /// wins over a screen command of the same key; host priority keys win over both.
        public var precedence: Int {
            switch self {
            case .priority: 3
            case .control: 2
            case .screen: 1
            case .fallback: 0
            }
        }
    }

    /// Keys that trigger the action (the first is the one named in help).
    public var keys: [Key]
    public let action: Action
    /// Localization key of the action's description.
    public var descriptionKey: String
    public let scope: Scope

    /// - Parameters:
    ///   - keys: at least one key; the first is the one help names.
    ///   - action: what the keys do.
    ///   - descriptionKey: the localized description said in help and input help.
    ///   - scope: where on the chain it sits.
    public init(_ keys: [Key], _ action: Action, _ descriptionKey: String, scope: Scope) {
        precondition(!keys.isEmpty, "a binding needs at least one key")
        self.keys = keys
        self.action = action
        self.descriptionKey = descriptionKey
        self.scope = scope
    }

    /// A screen's single-key command.
    public static func screen(_ keys: [Key], _ command: ScreenCommand, _ descriptionKey: String) -> Binding {
        Binding(keys, .screen(command), descriptionKey, scope: .screen)
    }

    /// A control's key binding, as it stands on the chain.
    public init(control binding: KeyBinding<ControlCommand>) {
        self.init(binding.keys, .control(binding.action), binding.descriptionKey, scope: .control)
    }

    /// Whether `key` triggers this binding.
    public func matches(_ key: Key) -> Bool { keys.contains(key) }

    /// Whether a control that takes typing gets this binding's printable keys as text instead.
    ///
    /// Text input consumes printable keys: only the text control's own bindings keep theirs.
    public var yieldsPrintableToText: Bool { scope != .control }
}
