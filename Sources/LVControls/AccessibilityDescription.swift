import ParlaBase

/// What a control says about itself when it gets focus: label, role, value, state, position, hint.
public struct AccessibilityDescription: Sendable, Equatable {
    /// A place in a list: `index` counts from 1.
    public struct Position: Sendable, Equatable {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    public var label: String
    public var role: ControlRole
    public var value: String?
    public var state: String?
    public var position: Position?
    /// How to use the control; said only at full verbosity.
    public var hint: String?

    public init(
        label: String, role: ControlRole, value: String? = nil, state: String? = nil,
        position: Position? = nil, hint: String? = nil
    ) {
        self.label = label
        self.role = role
        self.value = value
        self.state = state
        self.position = position
        self.hint = hint
    }

    /// The sentence said at `verbosity`, parts joined by the language's list separator.
    ///
    /// - full: label, role, value, state, "3 of 12", hint.
    /// - short: label, value, state.
    /// - minimal: value (or the label when there is none), state.
    public func spoken(_ verbosity: Verbosity, localizer: Localizer) -> String {
        var parts: [String?]
        switch verbosity {
        case .full:
            parts = [label, localizer.string(role.nameKey), value, state,
                     position.map { localizer.string("lv.position", ["index": String($0.index), "count": String($0.count)]) },
                     hint]
        case .short:
            parts = [label, value, state]
        case .minimal:
            parts = [value ?? label, state]
        }
        let words = parts.compactMap { $0 }.map { TextSafety.stripped($0) }.filter { !$0.isEmpty }
        return words.joined(separator: localizer.string("lv.separator"))
    }
}
