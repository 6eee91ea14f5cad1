import LVControls
import TerminalKit
import Testing

/// Issue 17 item 7: at 40 columns a segmented control keeps its chosen option on screen, the cursor on it.
@Suite struct SegmentedNarrowTests {
    static let themes = ["High contrast", "Black on white", "Yellow on black", "Monochrome", "Grey, dark", "Grey, light"]

    @Test func theChosenOptionStaysWholeOnScreenWithTheCursorOnItAt40Columns() {
        let h = Harness([Segmented("Theme", options: Self.themes)])
        var seen: [String] = []
        var cursors: [Point] = []
        for _ in Self.themes.indices {
            seen.append(h.lines[2])
            cursors.append(h.cursor)
            h.press(.right)
        }
        #expect(seen == [
            " > Theme: [High contrast] ...",
            " > Theme: ... [Black on white] ...",
            " > Theme: ... [Yellow on black] ...",
            " > Theme: ... [Monochrome] ...",
            " > Theme: ... [Grey, dark] Grey, light",
            " > Theme: ... Grey, dark [Grey, light]",
        ])
        // The hardware cursor is on the chosen option's first letter, where a magnifier follows it.
        #expect(cursors == [Point(x: 11, y: 2), Point(x: 15, y: 2), Point(x: 15, y: 2), Point(x: 15, y: 2), Point(x: 15, y: 2),
                            Point(x: 26, y: 2)])
        // Esc restores the kept option, and the line follows it back.
        h.press(.escape)
        #expect(h.lines[2] == " > Theme: [High contrast] ...")
        #expect(h.cursor == Point(x: 11, y: 2))
    }

    @Test func aLongTitleGivesWayAndAnOptionAsWideAsTheRowIsShownAlone() {
        // Everything fits: as before.
        let fits = SegmentedLine(title: "Day", options: ["Mon", "Tue"], selected: 1, width: 36, ellipsis: "…")
        #expect(fits.text == "Day: Mon [Tue]")
        #expect(fits.cursorColumn == 10)
        // The title is shortened so the chosen option stays whole.
        let shortened = SegmentedLine(title: "Keypad dwell time", options: ["1000 ms", "1200 ms", "1500 ms"], selected: 2, width: 24,
                                      ellipsis: "…")
        #expect(shortened.text == "Keypad dwe…: … [1500 ms]")
        #expect(shortened.cursorColumn == 16)
        // The Spanish high-contrast theme is 36 columns with its brackets: alone, whole, at 40 columns.
        let alone = SegmentedLine(title: "Tema", options: ["Alto contraste, blanco sobre negro", "Monocromo"], selected: 0, width: 36,
                                  ellipsis: "...")
        #expect(alone.text == "[Alto contraste, blanco sobre negro]")
        #expect(alone.cursorColumn == 1)
    }

    @Test func theTimedSegmentedControlKeepsItsChoiceOnScreenToo() {
        let h = Harness([TimedSegmented("Theme", options: Self.themes, selected: 5)])
        #expect(h.lines[2] == " > Theme: ... Grey, dark [Grey, light]")
        #expect(h.cursor == Point(x: 26, y: 2))
    }
}
