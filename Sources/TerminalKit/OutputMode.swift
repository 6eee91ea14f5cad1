/// How Parla talks to its user: a full screen through curses, or plain lines.
public enum OutputMode: String, Sendable, Equatable {
    /// The ncurses screen.
    case screen
    /// Plain line output, for pipes, scripts, `TERM=dumb` and screen readers that read lines in order.
    case line

    /// Lines when stdout is not a terminal or the terminal is `dumb` (or unknown), the screen otherwise.
    public static func detect(stdoutIsTerminal: Bool, term: String?) -> OutputMode {
        guard stdoutIsTerminal, let term, !term.isEmpty, term != "dumb", term != "unknown" else { return .line }
        return .screen
    }
}
