import CNCursesW
import TerminalKit

/// Maps what curses' `wget_wch` returns to Parla's keys.
///
/// Plain values are characters (control characters are Ctrl combinations, except Tab, Enter and
/// Backspace); key codes are looked up by value, then by their terminfo name for the
/// modified keys ncurses numbers at run time (`kLFT5` is Ctrl+Left, `kDC3` Alt+Delete).
public enum CursesKeyDecoder {
    /// A character read by `wget_wch` (result OK).
    public static func decode(character value: Int32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 27: return .escape
        case 0: return Key(.character(" "), .ctrl)
        case 1...26: return .ctrl(Character(UnicodeScalar(UInt8(value) + 0x60)))
        case 28...31: return nil
        default:
            guard let scalar = UnicodeScalar(UInt32(bitPattern: value)) else { return nil }
            return .char(Character(scalar))
        }
    }

    /// A key code read by `wget_wch` (result KEY_CODE_YES); `name` is curses' `keyname` for it.
    public static func decode(keyCode value: Int32, name: String?) -> Key? {
        switch value {
        case PARLA_KEY_UP: return .up
        case PARLA_KEY_DOWN: return .down
        case PARLA_KEY_LEFT: return .left
        case PARLA_KEY_RIGHT: return .right
        case PARLA_KEY_HOME, PARLA_KEY_A1: return .home
        case PARLA_KEY_END, PARLA_KEY_C1: return .end
        case PARLA_KEY_PPAGE, PARLA_KEY_A3: return .pageUp
        case PARLA_KEY_NPAGE, PARLA_KEY_C3: return .pageDown
        case PARLA_KEY_DC: return .delete
        case PARLA_KEY_IC: return .insert
        case PARLA_KEY_BACKSPACE: return .backspace
        case PARLA_KEY_ENTER: return .enter
        case PARLA_KEY_BTAB: return .backTab
        case PARLA_KEY_RESIZE: return .resize
        case PARLA_KEY_SLEFT: return Key(.left, .shift)
        case PARLA_KEY_SRIGHT: return Key(.right, .shift)
        case PARLA_KEY_SHOME: return Key(.home, .shift)
        case PARLA_KEY_SEND: return Key(.end, .shift)
        case PARLA_KEY_SDC: return Key(.delete, .shift)
        case PARLA_KEY_SR: return Key(.up, .shift)
        case PARLA_KEY_SF: return Key(.down, .shift)
        default: break
        }
        let functionNumber = Int(value - PARLA_KEY_F0)
        if (1...12).contains(functionNumber) { return .f(functionNumber) }
        if (13...24).contains(functionNumber) { return Key(.function(functionNumber - 12), .shift) }
        if (25...36).contains(functionNumber) { return Key(.function(functionNumber - 24), .ctrl) }
        if let name { return decode(extendedName: name) }
        return nil
    }

    /// Extended key names such as `kUP5` (Ctrl+Up) or `kRIT3` (Alt+Right); the digit is xterm's modifier code.
    public static func decode(extendedName name: String) -> Key? {
        guard name.hasPrefix("k"), let digit = name.last, let modifier = digit.wholeNumberValue, modifier >= 2 else { return nil }
        let base = String(name.dropFirst().dropLast())
        let codes: [String: Key.Code] = [
            "UP": .up, "DN": .down, "LFT": .left, "RIT": .right, "HOM": .home, "END": .end,
            "DC": .delete, "IC": .insert, "NXT": .pageDown, "PRV": .pageUp,
        ]
        guard let code = codes[base] else { return nil }
        return Key(code, AnsiKeyDecoder.modifiers(fromXterm: modifier))
    }
}
