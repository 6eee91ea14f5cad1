import ParlaBase
import SpeechKit

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
    /// What the scanning switch does on the control, said in place of ``hint`` while scanning (whose keys
    /// the switch user has no use for); nil: nothing beyond the switch pressing it (a button).
    public var switchHint: String?
    /// BCP 47 language the value is written in, read in that voice (a bio); nil: the interface's.
    public var valueLanguage: String?
    /// BCP 47 language the label is written in, read in that voice (a Spanish poll's option); nil: the interface's.
    public var labelLanguage: String?
    /// The value in parts, each in its language's voice (nil: the interface's), when it is said in more than one
    /// (a post's text: its words in the post's, "hashtag" and "link to" in the interface's); joined, the value.
    public var valueVoices: [Utterance.Segment]?

    public init(
        label: String, role: ControlRole, value: String? = nil, state: String? = nil,
        position: Position? = nil, hint: String? = nil, switchHint: String? = nil, valueLanguage: String? = nil,
        labelLanguage: String? = nil
    ) {
        self.label = label
        self.role = role
        self.value = value
        self.state = state
        self.position = position
        self.hint = hint
        self.switchHint = switchHint
        self.valueLanguage = valueLanguage
        self.labelLanguage = labelLanguage
    }

    /// The sentence said at `verbosity`, parts joined by the language's list separator.
    ///
    /// - full: label, role, value, state, "3 of 12", hint.
    /// - short: label, value, state.
    /// - minimal: value (or the label when there is none), state.
    public func spoken(_ verbosity: Verbosity, localizer: Localizer) -> String {
        var parts: [String?]
        switch verbosity {
        case .full, .all:
            // A label without a name is the text it shows ("You are in Home · 3 of 40"): saying "label"
            // before it tells nothing.
            let roleName = role == .label && label.isEmpty ? nil : localizer.string(role.nameKey)
            parts = [label, roleName, value, state,
                     position.map { localizer.string("lv.position", ["index": String($0.index), "count": String($0.count)]) },
                     hint]
        case .short:
            parts = [label, value, state]
        case .minimal:
            parts = [value ?? label, state]
        }
        let words = parts.compactMap { $0 }.map { TextSafety.stripped($0) }.filter { !$0.isEmpty }
        return Self.joined(words, separator: localizer.string("lv.separator"))
    }

    /// `parts` joined by `separator`, a part's closing full stop dropped before it ("Enter: activate the
    /// button, 2 of 15", not "button., 2 of 15"); an ellipsis stays.
    public static func joined(_ parts: [String], separator: String) -> String {
        parts.enumerated().map { offset, part in
            offset < parts.count - 1 ? withoutFullStop(part) : part
        }.joined(separator: separator)
    }

    /// `text` without one closing full stop ("..." and "…" are kept).
    public static func withoutFullStop(_ text: String) -> String {
        guard text.hasSuffix("."), !text.hasSuffix("..") else { return text }
        return String(text.dropLast())
    }
}
