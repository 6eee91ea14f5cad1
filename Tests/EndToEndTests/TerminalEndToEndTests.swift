import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// The real terminal, read back from tmux at 40×12: terminal types and joined emoji (issue 26).
@Suite(.serialized) struct TerminalEndToEndTests {
    /// Issue 26 item 15: the screen starts and draws on the Linux console's terminal type and the other
    /// common ones (the `linux` terminfo entry has no line or column counts: the size comes from the tty).
    @Test(arguments: ["linux", "vt100", "screen", "xterm-256color"])
    func theScreenStartsAndDrawsOnTheLinuxConsoleAndOtherTerminalTypes(term: String) async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 40, height: 12, command: app.command(), environment: ["TERM": term])
        defer { session.close() }
        let screen = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } && $0.count >= 12 }
        // Drawn at the window's size: the title on top, the toolbar on the last row of the twelve.
        #expect(screen[0].hasPrefix(" Home"), "\(term): \(screen)")
        #expect(screen[11].contains("[Info]"), "\(term): \(screen)")
        #expect(!app.spoken().contains { $0.contains("could not start") }, "\(term): \(app.spoken())")
        try await session.expectCursorOnFocus(term)
        try await session.quit()
        #expect(!session.isRunning())
    }

    /// Issue 26 item 28: a family emoji typed in compose takes the columns tmux gives it; the text after it
    /// is drawn once, where it is, with nothing left of an earlier frame ("C DEF" was shown twice).
    @Test func aJoinedEmojiInComposeLeavesNothingBehindInTmux() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 40, height: 12, command: app.command())
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        try session.send("c")
        _ = try await session.waitFor { $0.contains { $0.contains("left") } }
        try session.tmux(["send-keys", "-t", session.name, "-l", "AB 👨‍👩‍👧‍👦 C DEF"])
        let screen = try await session.waitFor { $0.joined().contains("DEF") }
        #expect(screen.joined(separator: "\n").components(separatedBy: "C DEF").count == 2, "\(screen)")
        let row = try #require(screen.first { $0.contains("C DEF") })
        #expect(row.contains("AB 👨👩👧👦 C DEF"), "\(row)")
        let cursor = try session.cursor()
        #expect(cursor.y == screen.firstIndex(of: row) && cursor.x == 20, "\(cursor)")  // "   AB " 6, the family 8, " C DEF" 6
        // Seven Backspaces: six characters, then the family as one.
        try session.send("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        // Waits for all seven to be drawn (a busy machine drew the screen between them); if the family stays, this times out and fails below.
        let erased = try await session.waitFor { !$0.joined().contains("C D") && !$0.joined().contains("👨") }
        #expect(!erased.joined().contains("DEF") && !erased.joined().contains("👨"), "\(erased)")
        let erasedRow = try #require(erased.first { $0.contains("AB") })
        #expect(erasedRow.trimmingCharacters(in: .whitespaces) == "AB", "\(erasedRow)")
    }
}
