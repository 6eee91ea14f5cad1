import Testing
import TerminalKit

@Suite struct CellGridTests {
    @Test func writesAndTruncatesOnOneRow() {
        var grid = CellGrid(size: Size(width: 12, height: 2))
        grid.write("Hello, wide 世界!", at: Point(x: 0, y: 0), style: .plain)
        grid.write("日本語テキスト", at: Point(x: 1, y: 1), style: .plain)
        #expect(grid.lines == ["Hello, wide…", " 日本語テキ…"])
    }

    @Test func wideCharactersTakeACellAndAContinuation() {
        var grid = CellGrid(size: Size(width: 6, height: 1))
        grid.write("a世b", at: .zero, style: .plain)
        #expect(grid[1, 0].text == "世")
        #expect(grid[1, 0].width == 2)
        #expect(grid[2, 0].isContinuation)
        #expect(grid[3, 0].text == "b")
        // Overwriting the right half blanks the left half.
        grid.write("x", at: Point(x: 2, y: 0), style: .plain)
        #expect(grid.lines == ["a xb"])
    }

    /// Issue 26 item 28: "[👨‍👨‍👦 author]" over a longer row leaves nothing of it: the family is put as three
    /// people of two columns each, no joiner reaches a cell, and the rest of the row is where it is measured.
    @Test func aJoinedEmojiIsPutAsItsPiecesAndLeavesNothingOfTheRowBefore() {
        var grid = CellGrid(size: Size(width: 20, height: 1))
        grid.write("[Someone else author]", at: .zero, style: .plain)
        grid.fill(grid.bounds, style: .plain)
        grid.write("[👨‍👨‍👦 author]", at: .zero, style: .plain)
        #expect(grid.lines == ["[👨👨👦 author]"])
        #expect((0..<20).map { grid[$0, 0].text }.joined().unicodeScalars.allSatisfy { $0.value != 0x200D })
        #expect(grid[7, 0].text == " " && grid[8, 0].text == "a")
        // Whole or not at all: a family of eight columns in seven is not begun.
        var narrow = CellGrid(size: Size(width: 8, height: 1))
        narrow.write("x👨‍👩‍👧‍👦", at: .zero, style: .plain, ellipsis: "")
        #expect(narrow.lines == ["x"])
    }

    @Test func aWideCharacterDoesNotCrossTheRightEdge() {
        var grid = CellGrid(size: Size(width: 5, height: 1))
        grid.write("abcd世", at: .zero, style: .plain, ellipsis: "")
        #expect(grid.lines == ["abcd"])
    }

    @Test func controlCharactersNeverReachACell() {
        var grid = CellGrid(size: Size(width: 20, height: 1))
        grid.write("ok\u{1B}]0;pwned\u{07}!", at: .zero, style: .plain)
        #expect(grid.lines == ["ok!"])
        #expect(!grid.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test func wrapsIntoARectangleMarkingCutText() {
        var grid = CellGrid(size: Size(width: 14, height: 4))
        let used = grid.writeWrapped(
            "Parla reads every post aloud and keeps the cursor on focus.", in: Rect(x: 1, y: 1, width: 12, height: 3), style: .plain)
        #expect(used == 3)
        #expect(grid.lines == ["", " Parla reads", " every post", " aloud and…"])
    }

    @Test func wrapsWideTextInARectangle() {
        var grid = CellGrid(size: Size(width: 8, height: 3))
        grid.writeWrapped("日本語のテキストです", in: grid.bounds, style: .plain)
        #expect(grid.lines == ["日本語の", "テキスト", "です"])
    }

    @Test func drawsBoxesWithUnicodeAndASCII() {
        var grid = CellGrid(size: Size(width: 10, height: 4))
        grid.box(grid.bounds, style: .plain, charset: .unicode, title: "Post")
        #expect(grid.lines == ["┌ Post ──┐", "│        │", "│        │", "└────────┘"])
        var ascii = CellGrid(size: Size(width: 10, height: 4))
        ascii.box(ascii.bounds, style: .plain, charset: .ascii, title: "Post")
        #expect(ascii.lines == ["+ Post --+", "|        |", "|        |", "+--------+"])
    }

    @Test func boxTitlesAreCutWithTheCharsetEllipsis() {
        var grid = CellGrid(size: Size(width: 10, height: 3))
        grid.box(grid.bounds, style: .plain, charset: .ascii, title: "A long title")
        #expect(grid.lines == ["+ A lo...+", "|        |", "+--------+"])
    }

    @Test func drawsRules() {
        var grid = CellGrid(size: Size(width: 6, height: 2))
        grid.horizontalRule(at: Point(x: 1, y: 0), width: 4, style: .plain, charset: .unicode)
        grid.horizontalRule(at: Point(x: 0, y: 1), width: 10, style: .plain, charset: .ascii)
        #expect(grid.lines == [" ────", "------"])
    }

    @Test func clipsWritesOutsideTheGrid() {
        var grid = CellGrid(size: Size(width: 3, height: 1))
        #expect(grid.write("abc", at: Point(x: 5, y: 0), style: .plain) == 0)
        #expect(grid.write("abc", at: Point(x: 0, y: 3), style: .plain) == 0)
        #expect(grid.lines == [""])
    }
}
