import Foundation
import ParlaApp
import TerminalKit
import TestSupport
import Testing

/// The screen-reader drawing (issue 28, items 2 and 3): no rules or markers, nothing that changes at every
/// move, and a focus move that changes only the blocks before the old and new focused items.
@Suite struct ScreenReaderDrawingTests {
    static func plainHarness() throws -> AppHarness {
        var settings = AppSettings()
        settings.screenReaderDrawing = true
        return try AppHarness(settings: settings)
    }

    @Test func theScreenReaderDrawingHasNoRulesMarkersOrPosition() async throws {
        let harness = try Self.plainHarness()
        await harness.open()
        let lines = harness.lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        // No rules (rows 1 and 22 are blank), no marker characters, no "1 of 3": the focus is the block before
        // the first post (two blank cells in reverse video), the cursor on its first letter.
        #expect(lines == [
            " Home · main",
            "",
            "   Posts",
            "     Ana García: Good morning, everyone!",
            "     Ben Jones: Hola, ¿qué tal?",
            "     Ana García: The example page is up.",
        ] + Array(repeating: "", count: 15) + [
            "   You are in Home",
            "",
            "   [About]            [Info]             [Details]          [New post]",
        ])
        #expect(harness.cursor == Point(x: 5, y: 3))
        let grid = try #require(harness.terminal.lastFrame?.grid)
        #expect([grid[3, 3].style.reverse, grid[4, 3].style.reverse, grid[5, 3].style.reverse] == [true, true, false])
    }

    @Test func aFocusMoveInTheScreenReaderDrawingChangesOnlyTheBlocksBeforeTheOldAndNewItems() async throws {
        let harness = try Self.plainHarness()
        await harness.open()
        for key in [Key.down, .down, .tab, .backTab] {
            let before = try #require(harness.terminal.lastFrame)
            await harness.press(key)
            let after = try #require(harness.terminal.lastFrame)
            let diff = FrameDiff(from: before.grid, to: after.grid)
            // Two blocks of two blank cells: one goes, one comes; no text is written but those blanks.
            #expect(diff.runs.map(\.cells.count) == [2, 2], "\(key): \(diff.runs)")
            #expect(diff.runs.allSatisfy { $0.cells.allSatisfy { $0.text == " " } }, "\(key): \(diff.runs)")
            #expect(Set(diff.runs.map(\.row)).contains(after.cursor.y), "\(key): \(diff.runs), cursor \(after.cursor)")
            // The row the focus moved to is written whole, for a reader of what is written.
            #expect(harness.terminal.rewrittenRows.last == after.cursor.y)
        }
    }

    @Test func theScreenReaderDrawingIsASettingThatTakesEffectAtOnce() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(9))
        // Past the 21 speech, reading and keypad choices and the four writing controls (word prediction's two among them).
        for _ in 0..<25 { await h.press(.tab) }
        #expect(h.texts.last == "Drawing for a screen reader, toggle button, off")
        #expect(h.lines[1].contains("-"), "\(h.lines)")
        await h.press(.enter)
        #expect(h.store.saved?.screenReaderDrawing == true)
        // Drawn at once without the rule under the title, the focus a block before the switch.
        #expect(h.lines[1].trimmingCharacters(in: .whitespaces).isEmpty, "\(h.lines)")
        let cursor = try #require(h.cursor)
        #expect(h.lines[cursor.y].contains("[x] Drawing for a screen reader"), "\(h.lines)")
        #expect(!h.lines.joined().contains(">"), "\(h.lines)")
    }

    @Test func theScreenReaderDrawingIsSavedAndLoaded() throws {
        let folder = TestPaths.temporaryDirectory()
        let store = FileAppSettingsStore(configDirectory: folder)
        var settings = try store.load()
        #expect(!settings.screenReaderDrawing)
        settings.screenReaderDrawing = true
        try store.save(settings)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: store.file)) as? [String: Any]
        #expect(object?["screenReaderDrawing"] as? Bool == true)
        #expect(try store.load().screenReaderDrawing)
    }
}
