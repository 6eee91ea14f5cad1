import ParlaBase
import TerminalKit

/// How keys are named in speech ("Control Q", "F 1", "Left arrow"), from the shared key names.
public enum KeyNaming {
    /// The spoken name of `key` in the current language.
    public static func spoken(_ key: Key, localizer: Localizer) -> String {
        name(key, localizer: localizer, prefix: "keyname.spoken.", separator: " ")
    }

    /// The short name drawn on screen ("Esc", "F1", "Ctrl+Q").
    public static func shown(_ key: Key, localizer: Localizer) -> String {
        name(key, localizer: localizer, prefix: "keyname.", separator: "+")
    }

    private static func name(_ key: Key, localizer: Localizer, prefix: String, separator: String) -> String {
        var parts: [String] = []
        if key.modifiers.contains(.ctrl) { parts.append(localizer.string(prefix + "ctrl")) }
        if key.modifiers.contains(.alt) { parts.append(localizer.string(prefix + "alt")) }
        if key.modifiers.contains(.shift) { parts.append(localizer.string(prefix + "shift")) }
        switch key.code {
        case .character(" "): parts.append(localizer.string(prefix + "space"))
        case .character(let c):
            let plain = key.modifiers.isEmpty && prefix != "keyname."
            parts.append(plain ? SpokenCharacters.name(c, localizer: localizer) : String(c).uppercased())
        case .function(let n): parts.append(localizer.string(prefix + "function", ["n": String(n)]))
        default: parts.append(localizer.string(prefix + (key.description.split(separator: "+").last.map(String.init) ?? "")))
        }
        return parts.joined(separator: separator)
    }
}
