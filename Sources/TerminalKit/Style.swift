#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One of the sixteen standard terminal colours, a grey of the 256-colour ramp, or the terminal's own default.
///
/// The raw value is the colour's xterm number. The greys (232–255 in xterm) are for the grey themes;
/// a terminal with fewer than 256 colours draws each as its nearest of the sixteen (``sixteenColor``).
public enum TerminalColor: Int, Hashable, Sendable, CaseIterable {
    case `default` = -1
    case black = 0, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
    /// Greys of xterm's ramp, by their level of 255 (`grey38` is #262626).
    case grey38 = 235, grey48 = 236, grey208 = 252, grey228 = 254, grey238 = 255

    /// The colour as one of the sixteen, for a terminal without the 256-colour ramp.
    public var sixteenColor: TerminalColor {
        switch self {
        case .grey38, .grey48: .black
        case .grey208, .grey228: .white
        case .grey238: .brightWhite
        default: self
        }
    }

    /// The colour's red, green and blue in the xterm default palette (what contrast is computed on).
    public var rgb: (red: Int, green: Int, blue: Int)? {
        switch self {
        case .default: nil
        case .black: (0, 0, 0)
        case .red: (205, 0, 0)
        case .green: (0, 205, 0)
        case .yellow: (205, 205, 0)
        case .blue: (0, 0, 238)
        case .magenta: (205, 0, 205)
        case .cyan: (0, 205, 205)
        case .white: (229, 229, 229)
        case .brightBlack: (127, 127, 127)
        case .brightRed: (255, 0, 0)
        case .brightGreen: (0, 255, 0)
        case .brightYellow: (255, 255, 0)
        case .brightBlue: (92, 92, 255)
        case .brightMagenta: (255, 0, 255)
        case .brightCyan: (0, 255, 255)
        case .brightWhite: (255, 255, 255)
        case .grey38: (38, 38, 38)
        case .grey48: (48, 48, 48)
        case .grey208: (208, 208, 208)
        case .grey228: (228, 228, 228)
        case .grey238: (238, 238, 238)
        }
    }

    /// WCAG 2 relative luminance of the colour.
    public var relativeLuminance: Double? {
        guard let rgb else { return nil }
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(rgb.red) + 0.7152 * channel(rgb.green) + 0.0722 * channel(rgb.blue)
    }

    /// WCAG 2 contrast ratio between two colours (1 to 21); nil when either is the terminal default.
    public static func contrastRatio(_ a: TerminalColor, _ b: TerminalColor) -> Double? {
        guard let la = a.relativeLuminance, let lb = b.relativeLuminance else { return nil }
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}

/// How a cell looks: colours and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var bold: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        bold: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's own colours, no attributes.
    public static let plain = Style()

    /// A copy with reverse video set.
    public var reversed: Style {
        var copy = self
        copy.reverse = true
        return copy
    }
}
