import Foundation
import Testing
import TestSupport

/// The real `parla` binary in tmux, read back as a person's screen reader would: screen text and
/// the hardware cursor.
@Suite(.serialized) struct ScreenEndToEndTests {
    private func command(_ dataDir: URL, _ extra: String = "") -> String {
        "\(TmuxSession.quote(TestPaths.parlaExecutable.path)) --data-dir \(TmuxSession.quote(dataDir.path)) --lang en \(extra)"
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func tabMovesFocusAndTheCursorFollowsIt(width: Int, height: Int) throws {
        let dataDir = TestPaths.temporaryDirectory()
        let session = try TmuxSession(width: width, height: height, command: command(dataDir))
        defer { session.close() }
        var screen = try session.waitFor { $0.contains { $0.contains("▶ Theme:") } }
        #expect(screen.contains { $0.contains("▶ Theme:") })
        try session.send("Tab")
        try session.send("Tab")
        screen = try session.waitFor { $0.contains { $0.contains("▶ About Parla") } }
        let row = try #require(screen.firstIndex { $0.contains("▶ About Parla") })
        let column = screen[row].distance(from: screen[row].startIndex, to: screen[row].firstIndex(of: "▶")!)
        let cursor = try session.cursor()
        #expect(cursor.x == column && cursor.y == row, "cursor \(cursor) not on the focused item at (\(column), \(row))")
        // The previously focused item is no longer marked.
        #expect(!screen.contains { $0.contains("▶ Theme:") || $0.contains("▶ Language:") })
        try session.send("C-q")
        session.waitUntil { !session.isRunning() }
        #expect(!session.isRunning())
    }

    @Test func noColorShowsNoColourSequences() throws {
        let dataDir = TestPaths.temporaryDirectory()
        let session = try TmuxSession(width: 80, height: 24, command: command(dataDir), environment: ["NO_COLOR": "1"])
        defer { session.close() }
        _ = try session.waitFor { $0.contains { $0.contains("▶ Theme: Monochrome") } }
        try session.send("Tab")
        _ = try session.waitFor { $0.contains { $0.contains("▶ Language:") } }
        let text = try session.capture(escapes: true).joined(separator: "\n")
        let colours = Self.colourParameters(in: text)
        #expect(colours == [], "colour SGR parameters under NO_COLOR: \(colours)")
        #expect(text.contains("\u{1B}[7m") || text.contains(";7m") || text.contains("[1;7m"), "focus shown in reverse video")
    }

    @Test func defaultThemeIsWhiteOnBlack() throws {
        let dataDir = TestPaths.temporaryDirectory()
        let session = try TmuxSession(width: 80, height: 24, command: command(dataDir))
        defer { session.close() }
        _ = try session.waitFor { $0.contains { $0.contains("▶ Theme:") } }
        let text = try session.capture(escapes: true).joined(separator: "\n")
        let colours = Set(Self.colourParameters(in: text))
        #expect(colours == ["97", "40"], "\(colours)")  // bright white on black
    }

    @Test func tooSmallThenBigAgain() throws {
        let dataDir = TestPaths.temporaryDirectory()
        let session = try TmuxSession(width: 80, height: 24, command: command(dataDir))
        defer { session.close() }
        _ = try session.waitFor { $0.contains { $0.contains("▶ Theme:") } }
        try session.tmux(["resize-window", "-t", session.name, "-x", "20", "-y", "6"])
        let small = try session.waitFor { $0.joined().contains("too") }
        #expect(Array(small.prefix(4)) == ["The window is too", "small for Parla.", "Make it at least 40", "columns by 12 rows."])
        try session.tmux(["resize-window", "-t", session.name, "-x", "50", "-y", "14"])
        let big = try session.waitFor { $0.contains { $0.contains("▶ Theme:") } }
        #expect(big.contains { $0.contains("▶ Theme:") })
        #expect(session.isRunning())
        let cursor = try session.cursor()
        #expect(cursor.x == 1 && cursor.y == 2)
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let dataDir = TestPaths.temporaryDirectory()
        let pidFile = dataDir.appendingPathComponent("pid").path
        let script = dataDir.appendingPathComponent("run.sh")
        try """
            #!/bin/sh
            echo $$ > \(TmuxSession.quote(pidFile))
            \(command(dataDir))
            echo EXITED-$?
            sleep 30
            """.write(to: script, atomically: true, encoding: .utf8)
        let session = try TmuxSession(width: 80, height: 24, command: "sh \(TmuxSession.quote(script.path))")
        defer { session.close() }
        _ = try session.waitFor { $0.contains { $0.contains("▶ Theme:") } }
        let shell = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // parla is the shell's only child.
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let pid = try #require(Int32(children.trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        let screen = try session.waitFor { $0.contains { $0.contains("EXITED-") } }
        #expect(screen.contains("EXITED-0"))
        #expect(!screen.contains { $0.contains("Theme:") }, "the alternate screen was left")
    }

    @Test func lineModeWhenStdoutIsAPipe() throws {
        let dataDir = TestPaths.temporaryDirectory()
        let process = Process()
        process.executableURL = TestPaths.parlaExecutable
        process.arguments = ["--data-dir", dataDir.path, "--lang", "en"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["COLUMNS"] = "60"
        environment["NO_COLOR"] = nil
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data("\t\t\u{11}".utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!data.contains(0x1B), "escape bytes in piped output")
        let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        #expect(lines == [
            " Parla",
            " ----------------------------------------------------------",
            " > Theme: Monochrome",
            "   Language: English",
            "   About Parla",
            "   Quit",
            " Welcome to Parla, an accessible microblog client. Tab",
            " moves between items, Enter chooses, F1 explains this",
            " screen.",
            " ----------------------------------------------------------",
            " Tab next  Shift+Tab previous  Enter choose  F1 help  Ct...",
            "> Language: English",
            "> About Parla",
            "",
        ])
    }

    @Test func dumbTerminalUsesLineMode() throws {
        let dataDir = TestPaths.temporaryDirectory()
        let session = try TmuxSession(width: 80, height: 24, command: command(dataDir), environment: ["TERM": "dumb"])
        defer { session.close() }
        let screen = try session.waitFor { $0.contains { $0.contains("> Theme:") } }
        #expect(screen.contains(" > Theme: Monochrome"))  // line mode writes no colour
        try session.send("C-q")
        session.waitUntil { !session.isRunning() }
        #expect(!session.isRunning())
    }

    /// Colour parameters (30–49, 90–107 and 38/48 forms) of every SGR sequence in `text`.
    static func colourParameters(in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { break }
            if rest[end] == "m" {
                for parameter in rest[..<end].split(separator: ";") {
                    // 39 and 49 reset to the terminal's own colours: not a colour.
                    if let n = Int(parameter), n != 39, n != 49, (30...49).contains(n) || (90...107).contains(n) {
                        found.append(String(parameter))
                    }
                }
            }
            rest = rest[end...]
        }
        return found
    }
}
