/// The characters boxes and rules are drawn with.
public enum BoxCharset: Sendable, Equatable {
    /// Light box-drawing characters.
    case unicode
    /// `+`, `-` and `|`, for terminals and fonts without box drawing.
    case ascii

    public var horizontal: Character { self == .ascii ? "-" : "─" }
    public var vertical: Character { self == .ascii ? "|" : "│" }
    public var topLeft: Character { self == .ascii ? "+" : "┌" }
    public var topRight: Character { self == .ascii ? "+" : "┐" }
    public var bottomLeft: Character { self == .ascii ? "+" : "└" }
    public var bottomRight: Character { self == .ascii ? "+" : "┘" }
    /// What stands for cut-off text.
    public var ellipsis: String { self == .ascii ? "..." : "…" }

    /// ASCII when the locale's character set is not UTF-8 (or `PARLA_ASCII` is set).
    public static func detect(environment: [String: String]) -> BoxCharset {
        if let forced = environment["PARLA_ASCII"], !forced.isEmpty, forced != "0" { return .ascii }
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let upper = value.uppercased()
            return upper.contains("UTF-8") || upper.contains("UTF8") ? .unicode : .ascii
        }
        return .ascii
    }
}
