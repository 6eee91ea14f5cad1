import Foundation
import SystemTestSupport
import TestSupport

/// A real `parla` process in a detached tmux session of a given size, on a private tmux server.
final class TmuxSession {
    let socket: String
    let name = "parla"
    private(set) var closed = false

    /// Starts `command` (a shell command line) in a new tmux server.
    init(width: Int, height: Int, command: String, environment: [String: String] = [:]) throws {
        socket = "parla-test-\(UUID().uuidString.prefix(8))"
        var line = ""
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { line += "\(key)=\(Self.quote(value)) " }
        line += command
        try tmux(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), line])
        // A fixed size that only resize-window changes (no client attaches to set one).
        try tmux(["set-option", "-t", name, "window-size", "manual"])
        try tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    deinit { close() }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = environment["TERM"].flatMap { $0 == "dumb" || $0.isEmpty ? nil : $0 } ?? "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["NO_COLOR"] = nil
        environment["LINES"] = nil
        environment["COLUMNS"] = nil  // the test runner may set it; tests that want it pass it to the command
        let result = try Command.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, environment: environment)
        guard result.status == 0 else { throw TmuxError.failed(arguments, result.status) }
        return result.output
    }

    /// Sends tmux key names (`Tab`, `BTab`, `C-q`, `F1`, …).
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// The visible screen, one string per row.
    func capture(escapes: Bool = false) throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
        return text.components(separatedBy: "\n")
    }

    /// The hardware cursor position.
    func cursor() throws -> (x: Int, y: Int) {
        let parts = try tmux(["display", "-p", "-t", name, "#{cursor_x} #{cursor_y}"])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").compactMap { Int($0) }
        return (parts.first ?? -1, parts.last ?? -1)
    }

    /// Whether the session (so the program) is still running.
    func isRunning() -> Bool { (try? tmux(["has-session", "-t", name])) != nil }

    /// How often a wait looks at the screen or the transcript again (each look runs tmux or reads a file).
    static let pollInterval = Duration.milliseconds(20)

    /// Waits (bounded: `eventually`) until `condition` holds; goes on quietly when it never does.
    func waitUntil(timeout: Duration = .seconds(30), _ condition: () -> Bool) async {
        try? await eventually("tmux: condition", timeout: timeout, every: Self.pollInterval) { condition() }
    }

    /// Waits (bounded) until `condition` holds for the captured screen and two captures in a row agree (a
    /// frame half drawn is not taken for the answer); returns the last screen captured.
    @discardableResult
    func waitFor(timeout: Duration = .seconds(30), _ condition: ([String]) -> Bool) async throws -> [String] {
        var screen = try capture()
        var previous: [String]?
        var failure: (any Error)?
        try? await eventually("tmux: screen", timeout: timeout, every: Self.pollInterval) {
            do {
                previous = screen
                screen = try capture()
            } catch {
                failure = error
                return true
            }
            return condition(screen) && screen == previous
        }
        if let failure { throw failure }
        return screen
    }

    func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmux(["kill-server"])
    }
}

enum TmuxError: Error {
    case failed([String], Int32)
}
