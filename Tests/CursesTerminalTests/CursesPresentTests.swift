import CursesTerminal
import Foundation
import Testing
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// Drives the real curses backend into a file, as a terminal of type xterm-256color.
@Suite(.serialized) struct CursesPresentTests {
    private func grid(_ lines: [String], focus: Int) -> CellGrid {
        var grid = CellGrid(size: Size(width: 80, height: 24))
        for (y, line) in lines.enumerated() {
            grid.write(line, at: Point(x: 0, y: y), style: y == focus ? Style(reverse: true) : .plain)
        }
        return grid
    }

    /// Runs `body` with curses drawing an 80×24 xterm-256color screen into a file; `written` reads the file.
    private func withTerminal(typed: String = "", _ body: (_ terminal: CursesTerminal, _ written: () -> String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("curses-\(UUID().uuidString).out").path
        let typedPath = path + ".in"
        try Data(typed.utf8).write(to: URL(fileURLWithPath: typedPath))
        let output = try #require(fopen(path, "w+"))
        let input = try #require(fopen(typedPath, "r"))
        defer {
            fclose(output)
            fclose(input)
            unlink(path)
            unlink(typedPath)
        }
        setenv("LINES", "24", 1)
        setenv("COLUMNS", "80", 1)
        defer {
            unsetenv("LINES")
            unsetenv("COLUMNS")
        }
        let terminal = try CursesTerminal(
            allowColor: false, logFile: nil, device: (term: "xterm-256color", output: output, input: input))
        defer { terminal.close() }
        try body(terminal) {
            fflush(output)
            return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
    }

    /// Issue 29: a picture's pixels go out after the frame, from the picture's top left cell, and the hardware cursor
    /// is put back where the frame left it (the description line); taking them away (leaving the view) writes the
    /// frame's cells again, over the sixels; kitty's pictures are deleted.
    @Test func pixelsAreWrittenAfterTheFrameAtTheirCellAndTheCursorGoesBack() throws {
        try withTerminal { terminal, written in
            #expect(terminal.pixelSupport == .none, "a device that is not the tty is not asked")
            terminal.present(grid(["  Picture 1 of 1: a disc"], focus: 0), cursor: Point(x: 2, y: 0))
            let before = written().count
            let sixel = "\u{1B}P0;1;0q\"1;1;20;20#0!20~-\u{1B}\\"
            terminal.showPixels(TerminalPixels(origin: Point(x: 30, y: 5), bytes: Array(sixel.utf8), graphics: .sixel))
            #expect(String(written().dropFirst(before)) == "\u{1B}[6;31H" + sixel + "\u{1B}[1;3H")
            // The same pixels again write nothing.
            let shown = written().count
            terminal.showPixels(TerminalPixels(origin: Point(x: 30, y: 5), bytes: Array(sixel.utf8), graphics: .sixel))
            #expect(written().count == shown)
            terminal.showPixels(nil)
            #expect(String(written().dropFirst(shown)).contains("Picture 1 of 1"), "the frame is written again over the sixels")
            let kitty = "\u{1B}_Ga=T,f=32,s=1,v=1;AAAAAA==\u{1B}\\"
            terminal.showPixels(TerminalPixels(origin: Point(x: 0, y: 2), bytes: Array(kitty.utf8), graphics: .kitty))
            let drawn = written().count
            terminal.showPixels(nil)
            #expect(String(written().dropFirst(drawn)).hasPrefix("\u{1B}_Ga=d\u{1B}\\"))
        }
    }

    /// Issue 29: replies to the graphics query that come after its 100 ms (a slow link) are dropped, never read as keys:
    /// kitty's, then the device attributes, which end the answer; keys after them, and Alt with a key, are read as ever.
    @Test func aLateReplyToTheGraphicsQueryNeverReachesTheKeys() throws {
        try withTerminal(typed: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22cq\u{1B}xz") { terminal, _ in
            terminal.awaitingLateReply = true
            var keys: [Key] = []
            for _ in 0..<8 { if let key = terminal.nextKey(timeout: .zero) { keys.append(key) } }
            #expect(keys == [.char("q"), .alt("x"), .char("z")])
            #expect(!terminal.awaitingLateReply, "the device attributes end the answer")
        }
    }

    @Test func writesOnlyTheCellsThatChanged() throws {
        try withTerminal { terminal, _ in
            #expect(terminal.size == Size(width: 80, height: 24))

            let items = ["> Home", "  Mentions", "  Quit"]
            terminal.present(grid(items, focus: 0), cursor: Point(x: 0, y: 0))
            #expect(terminal.lastWrittenCells == 80 * 24)

            // Moving focus changes the marker and the reverse-video style of two rows.
            terminal.present(grid(["  Home", "> Mentions", "  Quit"], focus: 1), cursor: Point(x: 0, y: 1))
            #expect(terminal.lastWrittenCells == 6 + 10)

            // The same frame again writes nothing.
            terminal.present(grid(["  Home", "> Mentions", "  Quit"], focus: 1), cursor: Point(x: 0, y: 1))
            #expect(terminal.lastWrittenCells == 0)

            // "Quit" to "Exit": only Q and u change.
            terminal.present(grid(["  Home", "> Mentions", "  Exit"], focus: 1), cursor: Point(x: 0, y: 1))
            #expect(terminal.lastWrittenCells == 2)
        }
    }

    /// Issue 28 item 2: in the screen-reader drawing a focus move changes only two blank cells; the row the
    /// focus reaches is written again whole (a reader of what is written reads it), the row left is not.
    @Test func theRowTheFocusReachesIsWrittenAgainWholeAndTheRowLeftIsNot() throws {
        try withTerminal { terminal, written in
            var before = CellGrid(size: Size(width: 80, height: 24))
            for (y, line) in ["    Home", "    Mentions", "    Quit"].enumerated() { before.write(line, at: Point(x: 0, y: y), style: .plain) }
            var after = before
            before.write("  ", at: Point(x: 2, y: 0), style: Style(reverse: true))
            after.write("  ", at: Point(x: 2, y: 1), style: Style(reverse: true))
            terminal.present(before, cursor: Point(x: 4, y: 0))
            let first = written()
            terminal.rewriteRow(1)
            terminal.present(after, cursor: Point(x: 4, y: 1))
            #expect(terminal.lastWrittenCells == 4)
            let second = String(written().dropFirst(first.count))
            #expect(second.contains("Mentions"), "\(second.debugDescription)")
            #expect(!second.contains("Home") && !second.contains("Quit"), "\(second.debugDescription)")
            // Asked once: the next frame writes only what changed.
            terminal.present(before, cursor: Point(x: 4, y: 0))
            let third = String(written().dropFirst(first.count + second.count))
            #expect(!third.contains("Mentions") && !third.contains("Home"), "\(third.debugDescription)")
        }
    }

    /// Issue 26 item 28: a joined emoji reaches the terminal without joiners (so no terminal joins it into a
    /// glyph of another width), and a changed row that holds one is written again whole, so nothing of the
    /// frame before stays beside it.
    @Test func aRowWithAJoinedEmojiIsSentWithoutJoinersAndRedrawnWholeWhenItChanges() throws {
        try withTerminal { terminal, written in
            terminal.present(grid(["[👨‍👨‍👦 author] one", "plain row"], focus: -1), cursor: .zero)
            let first = written()
            #expect(first.contains("👨👨👦"))
            #expect(!first.unicodeScalars.contains { $0.value == 0x200D })
            // Only "one" becomes "two": the emoji's row is written again from its start.
            terminal.present(grid(["[👨‍👨‍👦 author] two", "plain row"], focus: -1), cursor: .zero)
            #expect(terminal.lastWrittenCells == 3)
            let second = String(written().dropFirst(first.count))
            #expect(second.contains("author]"), "\(second.debugDescription)")
            #expect(second.contains("two"))
            // A plain row changes by its changed cells only.
            terminal.present(grid(["[👨‍👨‍👦 author] two", "plain rum"], focus: -1), cursor: .zero)
            let third = String(written().dropFirst(first.count + second.count))
            #expect(!third.contains("author]") && !third.contains("plain"), "\(third.debugDescription)")
        }
    }
}
