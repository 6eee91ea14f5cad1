import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// The real `parla` binary in tmux, read back as a person's screen reader would: screen text and
/// the hardware cursor.
@Suite(.serialized) struct ScreenEndToEndTests {
    @Test(arguments: [(80, 24), (40, 12)])
    func homeReadsPostsAndTheCursorFollowsFocus(width: Int, height: Int) async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: width, height: height, command: app.command())
        defer { session.close() }
        // The where-line says the position at every size (at 40×12 the wheel is one line, "▶ Posts: …").
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } && $0.contains { $0.contains("· 1 of") } }
        // The first post is read once the timeline has loaded.
        await session.waitUntil(timeout: .seconds(20)) { app.spoken().contains { $0.contains("Parla Tips") } }
        try await session.expectCursorOnFocus("start")
        let before = app.spoken().count
        for step in 1...2 {
            try session.send("Down")
            _ = try await session.waitFor { $0.contains { $0.contains("· \(step + 1) of") } }
            try await session.expectCursorOnFocus("Down \(step)")
        }
        await session.waitUntil { app.spoken().count >= before + 2 }
        let read = Array(app.spoken().suffix(2))
        #expect(read.count == 2 && read.allSatisfy { $0.contains(":") }, "\(read)")
        try session.send("Tab")
        await session.waitUntil { app.spoken().count >= before + 3 }
        try await session.expectCursorOnFocus("Tab")
        try session.send("C-q")
        await session.waitUntil { !session.isRunning() }
        #expect(!session.isRunning())
    }

    @Test func noColorShowsNoColourSequences() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command(), environment: ["NO_COLOR": "1"])
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        try session.send("Tab")
        // The frame after Tab, once drawn: the focus in reverse video (a capture mid-frame may not have it yet).
        func reversed(_ text: String) -> Bool { text.contains("\u{1B}[7m") || text.contains(";7m") || text.contains("[1;7m") }
        var text = ""
        await session.waitUntil {
            text = (try? session.capture(escapes: true).joined(separator: "\n")) ?? ""
            return reversed(text)
        }
        let colours = Self.colourParameters(in: text)
        #expect(colours == [], "colour SGR parameters under NO_COLOR: \(colours)")
        #expect(reversed(text), "focus shown in reverse video")
    }

    @Test func defaultThemeIsWhiteOnBlack() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command())
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        let text = try session.capture(escapes: true).joined(separator: "\n")
        let colours = Set(Self.colourParameters(in: text))
        #expect(colours == ["97", "40"], "\(colours)")  // bright white on black
    }

    @Test func tooSmallThenBigAgain() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command())
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        try session.tmux(["resize-window", "-t", session.name, "-x", "20", "-y", "6"])
        let small = try await session.waitFor { $0.joined().contains("too") }
        #expect(Array(small.prefix(4)) == ["The window is too", "small for Parla.", "Make it at least 40", "columns by 12 rows."])
        try session.tmux(["resize-window", "-t", session.name, "-x", "50", "-y", "14"])
        let big = try await session.waitFor { $0.contains { $0.contains("▶ Posts") } }
        #expect(big.contains { $0.contains("▶ Posts") })
        #expect(session.isRunning())
        try await session.expectCursorOnFocus("after resize")
    }

    @Test func sigtermRestoresTheTerminal() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.commandInShell())
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        kill(try app.appPID(), SIGTERM)
        let screen = try await session.waitFor(timeout: .seconds(20)) { $0.contains { $0.contains("EXITED-") } }
        #expect(screen.contains("EXITED-0"))
        #expect(!screen.contains { $0.contains("▶ Posts") }, "the alternate screen was left")
    }

    @Test func aDraftSurvivesKill9() async throws {
        let app = AppDriver()
        let dataDir = app.dataDir
        let text = "Draft that must survive"
        do {
            let session = try TmuxSession(width: 80, height: 24, command: app.commandInShell())
            defer { session.close() }
            _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
            try session.send("c")
            _ = try await session.waitFor { $0.first?.contains("New post") == true }
            try session.send(text)
            _ = try await session.waitFor { $0.joined().contains(text) }
            // The draft reaches the disk within a second of the last key.
            let drafts = dataDir.appendingPathComponent("accounts/local/drafts")
            // Bounded like every wait on another process: under the whole suite's load a second can take several.
            try await eventually("the draft on disk", timeout: .seconds(30), every: TmuxSession.pollInterval) {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: drafts.path)) ?? []
                // A finished draft, not the temporary file it is written through (kill -9 then loses it, by design).
                return names.contains { name in
                    !name.hasPrefix(".") && (try? String(contentsOf: drafts.appendingPathComponent(name), encoding: .utf8))?.contains(text) == true
                }
            }
            kill(try app.appPID(), SIGKILL)
        }
        let again = try TmuxSession(width: 80, height: 24, command: app.command())
        defer { again.close() }
        _ = try await again.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        try again.send("c")
        let screen = try await again.waitFor { $0.joined().contains(text) }
        #expect(screen.joined().contains(text), "the draft is back after kill -9")
    }

    @Test func lineModeWhenStdoutIsAPipe() async throws {
        let app = AppDriver()
        let dataDir = app.dataDir
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["COLUMNS"] = "60"
        environment["NO_COLOR"] = nil
        // Tab to the toolbar, then Ctrl+Q.
        let result = try Command.run(
            [TestPaths.parlaExecutable.path, "--data-dir", dataDir.path, "--lang", "en", "--audio", "none"],
            environment: environment, input: Data("\t\u{11}".utf8))
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.output.utf8.contains(0x1B), "escape bytes in piped output")
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.first == " Home · local")
        #expect(lines.contains { $0.hasPrefix(" > Posts") || $0.hasPrefix("> Posts") }, "\(lines)")
        #expect(lines.contains(" " + String(repeating: "-", count: 58)), "ASCII rules in line mode")
    }

    @Test func dumbTerminalUsesLineMode() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command(), environment: ["TERM": "dumb"])
        defer { session.close() }
        let screen = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("> Posts") } }
        #expect(screen.contains { $0.contains("Home · local") })
        try session.send("C-q")
        await session.waitUntil { !session.isRunning() }
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
