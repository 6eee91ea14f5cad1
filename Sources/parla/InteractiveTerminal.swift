import CursesTerminal
import Foundation
import LineTerminal
import ParlaBase
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// Chooses and sets up the terminal for an interactive command: the curses screen when stdout is a
/// usable terminal, plain lines otherwise (or when curses cannot start, which is said on stderr).
enum InteractiveTerminal {
    /// The output mode from the environment, or lines when `forceLine` is set.
    static func mode(forceLine: Bool, environment: [String: String]) -> OutputMode {
        forceLine ? .line : OutputMode.detect(stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, term: environment["TERM"])
    }

    /// Runs `body` on the chosen backend and gives the terminal back afterwards.
    ///
    /// - Parameter body: receives the backend and whether colour may be drawn.
    static func run(
        mode: OutputMode, environment: [String: String], directories: DataDirectories, localizer: Localizer,
        _ body: (any TerminalBackend, _ colorAllowed: Bool) -> Void
    ) {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        if mode == .screen {
            do {
                let terminal = try CursesTerminal(allowColor: !noColor, logFile: directories.logFile)
                defer { terminal.close() }
                body(terminal, !noColor)
                return
            } catch {
                let term = environment["TERM"] ?? ""
                FileHandle.standardError.write(Data((localizer.string("error.no-terminal", ["term": term]) + "\n").utf8))
            }
        }
        let lines = LineTerminal(size: LineTerminal.size(environment: environment)) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        lines.takeKeysDirectly()
        defer { lines.restoreInput() }
        body(lines, false)
    }
}
