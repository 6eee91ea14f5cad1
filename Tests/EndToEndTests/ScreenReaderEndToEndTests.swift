import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Parla with `--speech none` (so in the screen-reader drawing) under two independent screen readers, TDSR
/// and Fenrir, each in a pseudo-terminal with a speech command that logs what it would say (issue 28,
/// item 3). After Down on the timeline, Tab, Esc back and typing in compose, what the reader says starts
/// with the focused item; it never holds borders, the item before, or the rest of the screen.
@Suite(.serialized) struct ScreenReaderEndToEndTests {
    /// What the where-line says in the screen-reader drawing: no position, which would change at every move.
    static let whereLine = "You are in Home · Speech is off: your screen reader follows the cursor."

    /// Pieces of the screen that must never be read after a focus move: borders and markers, the wheel's
    /// header and counters.
    static let noise = ["─", "│", "▶", "Posts", " of ", "Home · "]

    /// `--plain` starts on the Linux console's terminal type and the other common ones: no rules, the position
    /// left out of the where-line, the cursor on the focused post.
    @Test(arguments: ["linux", "vt100", "screen", "xterm-256color"])
    func theScreenReaderDrawingStartsOnTheLinuxConsoleAndOtherTerminalTypes(term: String) async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 40, height: 12, command: app.command("--plain"), environment: ["TERM": term])
        defer { session.close() }
        let screen = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("You are in Home") } && $0.contains { $0.contains("Tom Whitaker") } && $0.count >= 12 }
        #expect(screen[0].hasPrefix(" Home"), "\(term): \(screen)")
        #expect(screen[1].trimmingCharacters(in: .whitespaces).isEmpty, "\(term): \(screen)")
        #expect(screen[10].trimmingCharacters(in: .whitespaces).isEmpty, "\(term): \(screen)")
        #expect(!screen.joined().contains("▶") && !screen.joined().contains("─") && !screen.joined().contains(" of "), "\(term): \(screen)")
        let cursor = try session.cursor()
        #expect(screen[cursor.y].count > 20, "\(term): cursor \(cursor) on \(screen)")
        try await session.quit()
        #expect(!session.isRunning())
    }

    @Test(arguments: [ScreenReaderRun.Reader.tdsr, .fenrir])
    func aScreenReaderReadsOnlyTheFocusedItemAfterEachMove(reader: ScreenReaderRun.Reader) async throws {
        let run = try ScreenReaderRun(reader)
        defer { run.session.close() }
        try await run.waitForTimeline()

        // Down: the post the focus moved to, alone (the old row and the counters are not written again).
        for step in 1...3 {
            let said = try await run.press("Down")
            let row = try run.cursorRow()
            #expect(said == [row], "\(reader) Down \(step): \(said), the focused row being '\(row)'")
            #expect(row.count >= 20, "\(reader) Down \(step): '\(row)'")
            for piece in Self.noise { #expect(!said.joined().contains(piece), "\(reader) Down \(step): \(said)") }
        }
        let post = try run.cursorRow()

        // Tab: the where-line, focused; the post left behind is not read again.
        let tab = try await run.press("Tab")
        #expect(tab.first?.hasPrefix("You are in Home") == true, "\(reader) Tab: \(tab)")
        #expect(!tab.joined().contains(String(post.prefix(12))), "\(reader) Tab: \(tab)")
        #expect(tab.joined(separator: " ") == Self.whereLine, "\(reader) Tab: \(tab)")

        // Esc: back to the list (the screen-reader drawing's Esc from the where-line); the post under the
        // marker, alone.
        // Fenrir keeps a lone Esc in PTY mode (it starts its own commands), so Esc is checked under TDSR.
        if reader == .tdsr {
            let back = try await run.press("Escape")
            #expect(back == [post], "\(reader) Esc: \(back), the post being '\(post)'")
        }

        // Compose, then typing: a letter typed is read as that letter (TDSR) or not at all (Fenrir echoes no
        // characters by default); never the field's name, a count, or the screen.
        _ = try await run.press("c")
        try await run.session.waitFor { $0.contains { $0.contains("Text:") } }
        await run.settle()
        for letter in ["H", "i"] {
            let typed = try await run.press(letter, expectSpeech: reader == .tdsr)
            #expect(typed == (reader == .tdsr ? [letter] : []), "\(reader) typing \(letter): \(typed)")
        }
        try await run.session.quit()
    }
}
