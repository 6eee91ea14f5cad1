import Foundation

/// A key the user pressed, with its modifiers.
///
/// Printable input arrives as whole grapheme clusters; Ctrl and Alt combinations carry the
/// modifier set; Shift+Tab is `.tab` with `.shift`. Keys have a stable text form
/// (`ctrl+q`, `shift+tab`, `f1`, `alt+x`, `a`) used by keymap files and spoken key help.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The key itself.
    public enum Code: Hashable, Sendable {
        case character(Character)
        case up, down, left, right
        case tab, enter, escape, backspace, delete, insert
        case home, end, pageUp, pageDown
        case function(Int)
        /// The terminal changed size; not a key the user pressed.
        case resize
    }

    /// Modifier keys held with the key.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let ctrl = Modifiers(rawValue: 4)
    }

    public var code: Code
    public var modifiers: Modifiers

    public init(_ code: Code, _ modifiers: Modifiers = []) {
        // Letters with Ctrl are stored lower-case so ctrl+Q and ctrl+q are one key.
        if modifiers.contains(.ctrl), case .character(let c) = code, c.isUppercase, c.isASCII {
            self.code = .character(Character(c.lowercased()))
        } else {
            self.code = code
        }
        self.modifiers = modifiers
    }

    /// A printable character with no modifiers.
    public static func char(_ c: Character) -> Key { Key(.character(c)) }
    /// Ctrl with a letter.
    public static func ctrl(_ c: Character) -> Key { Key(.character(c), .ctrl) }
    /// Alt with a character.
    public static func alt(_ c: Character) -> Key { Key(.character(c), .alt) }
    /// Function key n (1–12).
    public static func f(_ n: Int) -> Key { Key(.function(n)) }

    public static let up = Key(.up), down = Key(.down), left = Key(.left), right = Key(.right)
    public static let tab = Key(.tab), backTab = Key(.tab, .shift)
    public static let enter = Key(.enter), escape = Key(.escape), backspace = Key(.backspace)
    public static let delete = Key(.delete), insert = Key(.insert)
    public static let home = Key(.home), end = Key(.end), pageUp = Key(.pageUp), pageDown = Key(.pageDown)
    public static let space = Key(.character(" "))
    public static let resize = Key(.resize)

    /// The printable character, when this is one with no Ctrl or Alt.
    public var printable: Character? {
        if case .character(let c) = code, !modifiers.contains(.ctrl), !modifiers.contains(.alt) { return c }
        return nil
    }

    /// The stable text form: modifiers in the order ctrl, alt, shift, then the key name.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.ctrl) { parts.append("ctrl") }
        if modifiers.contains(.alt) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        parts.append(Key.name(of: code))
        return parts.joined(separator: "+")
    }

    static func name(of code: Code) -> String {
        switch code {
        case .character(" "): "space"
        case .character("+"): "plus"
        case .character(let c): String(c)
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .tab: "tab"
        case .enter: "enter"
        case .escape: "esc"
        case .backspace: "backspace"
        case .delete: "delete"
        case .insert: "insert"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .function(let n): "f\(n)"
        case .resize: "resize"
        }
    }

    /// Parses the text form (`ctrl+q`, `Shift+Tab`, `F5`, `alt+x`, `space`, `plus`, `.`).
    ///
    /// - Returns: nil when the text names no key.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        var parts = trimmed == "+" ? ["+"] : trimmed.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1 && parts.last == "" { parts.removeLast(); parts[parts.count - 1] = "+" }  // "ctrl++"
        var modifiers: Modifiers = []
        for part in parts.dropLast() {
            switch part.lowercased() {
            case "ctrl", "control", "c": modifiers.insert(.ctrl)
            case "alt", "meta", "m": modifiers.insert(.alt)
            case "shift", "s": modifiers.insert(.shift)
            default: return nil
            }
        }
        guard let last = parts.last, !last.isEmpty else { return nil }
        let lower = last.lowercased()
        let named: [String: Code] = [
            "up": .up, "down": .down, "left": .left, "right": .right, "tab": .tab, "enter": .enter,
            "return": .enter, "esc": .escape, "escape": .escape, "backspace": .backspace, "delete": .delete,
            "del": .delete, "insert": .insert, "ins": .insert, "home": .home, "end": .end, "pgup": .pageUp,
            "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown, "space": .character(" "),
            "plus": .character("+"), "resize": .resize,
        ]
        if let code = named[lower] {
            self.init(code, modifiers)
        } else if lower.count >= 2, lower.first == "f", let n = Int(lower.dropFirst()), (1...24).contains(n) {
            self.init(.function(n), modifiers)
        } else if last.count == 1, let c = last.first {
            self.init(.character(c), modifiers)
        } else {
            return nil
        }
    }
}

