/// The names of Parla's themes.
public enum ThemeName: String, CaseIterable, Sendable, Codable {
    /// White on black, the thesis's finding and the default.
    case highContrast = "high-contrast"
    case blackOnWhite = "black-on-white"
    case yellowOnBlack = "yellow-on-black"
    /// Attributes only, no colour: used whenever `NO_COLOR` is set.
    case monochrome
    /// Light grey on dark grey (the thesis's study used a grey ramp); contrast at least 7:1.
    case greyDark = "grey-dark"
    /// Dark grey on light grey; contrast at least 7:1.
    case greyLight = "grey-light"

    /// The localization key of the theme's name.
    public var nameKey: String { "theme.\(rawValue)" }
}

/// What a piece of the screen is, so the theme can style it.
public enum StyleRole: Hashable, Sendable, CaseIterable {
    case normal, focused, heading, toolbar, alert, muted, border
}

/// A complete look: a style for each role and how focus is marked.
///
/// Focus is always shown by two means at once: reverse video and a leading marker, so it never
/// depends on colour alone. The screen-reader drawing (``plain``) shows it by a block in reverse video
/// before the item instead, with the hardware cursor just after it.
public struct Theme: Sendable, Equatable {
    public let name: ThemeName
    public let styles: [StyleRole: Style]
    /// The marker drawn before the focused item.
    public let focusMarker: String
    /// Whether boxes and rules use ASCII characters.
    public let charset: BoxCharset
    /// The screen-reader drawing: no rules, boxes or marker characters, and text that looks the same
    /// focused or not (the focus is a reverse-video block before it), so that a focus move changes no
    /// text on screen but what a screen reader should read: the old and new focused lines' blocks.
    public let plain: Bool

    public init(name: ThemeName, styles: [StyleRole: Style], focusMarker: String, charset: BoxCharset, plain: Bool = false) {
        self.name = name
        self.styles = styles
        self.focusMarker = focusMarker
        self.charset = charset
        self.plain = plain
    }

    /// The style for a role.
    public func style(_ role: StyleRole) -> Style { styles[role] ?? styles[.normal] ?? .plain }

    /// The style of a control's text, focused or not: the focused style, except in the ``plain`` drawing,
    /// where the text keeps its role's style and only the block before it shows the focus.
    public func textStyle(focused: Bool, role: StyleRole = .normal) -> Style {
        style(focused && !plain ? .focused : role)
    }

    /// This theme in the screen-reader drawing (see ``plain``): a blank marker, which the focused style
    /// shows as a block.
    public var inPlainDrawing: Theme {
        Theme(name: name, styles: styles, focusMarker: " ", charset: charset, plain: true)
    }

    /// Whether the theme uses any colour.
    public var usesColor: Bool {
        styles.values.contains { $0.foreground != .default || $0.background != .default }
    }

    /// Every foreground and background pair the theme draws text with (for the contrast check).
    public var colorPairs: [(role: StyleRole, foreground: TerminalColor, background: TerminalColor)] {
        StyleRole.allCases.compactMap { role in
            guard let style = styles[role], style.foreground != .default || style.background != .default else { return nil }
            return (role, style.foreground, style.background)
        }
    }

    /// Builds one of Parla's themes.
    ///
    /// - Parameters:
    ///   - name: which theme.
    ///   - ascii: draw boxes, rules and the focus marker with ASCII only.
    ///   - plain: the screen-reader drawing (see ``plain``).
    public static func named(_ name: ThemeName, ascii: Bool = false, plain: Bool) -> Theme {
        let theme = named(name, ascii: ascii)
        return plain ? theme.inPlainDrawing : theme
    }

    /// Builds one of Parla's themes.
    ///
    /// - Parameters:
    ///   - name: which theme.
    ///   - ascii: draw boxes, rules and the focus marker with ASCII only.
    public static func named(_ name: ThemeName, ascii: Bool = false) -> Theme {
        let charset: BoxCharset = ascii ? .ascii : .unicode
        let marker = ascii ? ">" : "▶"
        func colored(_ fg: TerminalColor, _ bg: TerminalColor, accent: TerminalColor, alert: TerminalColor) -> [StyleRole: Style] {
            [
                .normal: Style(foreground: fg, background: bg),
                .focused: Style(foreground: fg, background: bg, bold: true, reverse: true),
                .heading: Style(foreground: accent, background: bg, bold: true, underline: true),
                .toolbar: Style(foreground: fg, background: bg, bold: true),
                .alert: Style(foreground: alert, background: bg, bold: true),
                .muted: Style(foreground: fg, background: bg),
                .border: Style(foreground: fg, background: bg),
            ]
        }
        switch name {
        case .highContrast:
            return Theme(name: name, styles: colored(.brightWhite, .black, accent: .brightWhite, alert: .brightYellow),
                         focusMarker: marker, charset: charset)
        case .blackOnWhite:
            return Theme(name: name, styles: colored(.black, .brightWhite, accent: .black, alert: .black),
                         focusMarker: marker, charset: charset)
        case .yellowOnBlack:
            return Theme(name: name, styles: colored(.brightYellow, .black, accent: .brightYellow, alert: .brightWhite),
                         focusMarker: marker, charset: charset)
        case .greyDark:
            return Theme(name: name, styles: colored(.grey208, .grey48, accent: .grey238, alert: .grey238),
                         focusMarker: marker, charset: charset)
        case .greyLight:
            return Theme(name: name, styles: colored(.grey38, .grey228, accent: .black, alert: .black),
                         focusMarker: marker, charset: charset)
        case .monochrome:
            return Theme(
                name: name,
                styles: [
                    .normal: .plain,
                    .focused: Style(bold: true, reverse: true),
                    .heading: Style(bold: true, underline: true),
                    .toolbar: Style(bold: true),
                    .alert: Style(bold: true, underline: true),
                    .muted: .plain,
                    .border: .plain,
                ],
                focusMarker: marker, charset: charset)
        }
    }

    /// The theme to use: monochrome whenever `NO_COLOR` is set (to anything non-empty), else `preferred`.
    public static func resolve(preferred: ThemeName, environment: [String: String], ascii: Bool = false) -> Theme {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return named(.monochrome, ascii: ascii) }
        return named(preferred, ascii: ascii)
    }
}
