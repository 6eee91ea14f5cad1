import ParlaBase
import TerminalKit

/// How keys are named to the user, shown and spoken, in the current language.
public enum KeyNames {
    /// The short form drawn on screen, e.g. "Tab", "Ctrl+Q", "F1".
    public static func shown(_ key: Key, localizer: Localizer) -> String {
        name(key, localizer: localizer, prefix: "keyname.")
    }

    /// The form spoken, e.g. "Control Q", "F 1".
    public static func spoken(_ key: Key, localizer: Localizer) -> String {
        name(key, localizer: localizer, prefix: "keyname.spoken.")
    }

    private static func name(_ key: Key, localizer: Localizer, prefix: String) -> String {
        var parts: [String] = []
        if key.modifiers.contains(.ctrl) { parts.append(localizer.string(prefix + "ctrl")) }
        if key.modifiers.contains(.alt) { parts.append(localizer.string(prefix + "alt")) }
        if key.modifiers.contains(.shift) { parts.append(localizer.string(prefix + "shift")) }
        switch key.code {
        case .character(" "): parts.append(localizer.string(prefix + "space"))
        case .character(let c): parts.append(String(c).uppercased())
        case .function(let n): parts.append(localizer.string(prefix + "function", ["n": String(n)]))
        default: parts.append(localizer.string(prefix + key.description.split(separator: "+").last!.lowercased()))
        }
        return parts.joined(separator: prefix == "keyname." ? "+" : " ")
    }
}
