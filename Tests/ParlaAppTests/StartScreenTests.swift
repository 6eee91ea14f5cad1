import ParlaApp
import ParlaBase
import TerminalKitTesting
import Testing
import TerminalKit
import TestSupport

@Suite struct StartScreenTests {
    private func screen(_ language: Language = .english, charset: BoxCharset = .unicode) -> StartScreen {
        StartScreen(localizer: TestLocalization.localizer(language), theme: .highContrast, colorAllowed: true, charset: charset)
    }

    @Test func rendersAt40x12WithTheCursorOnTheFocusedItem() {
        let (grid, cursor) = screen().render(size: Size(width: 40, height: 12))
        #expect(grid.lines == [
            " Parla",
            " ──────────────────────────────────────",
            " ▶ Theme: High contrast, white on black",
            "   Language: English",
            "   About Parla",
            "   Quit",
            "",
            " Welcome to Parla, an accessible",
            " microblog client. Tab moves between",
            " items, Enter chooses, F1 explains…",
            " ──────────────────────────────────────",
            " Tab next  Shift+Tab previous  Enter c…",
        ])
        #expect(cursor == Point(x: 1, y: 2))
        #expect(grid[1, 2].text == "▶")
        #expect(grid[1, 2].style.reverse)
        #expect(grid[3, 2].style.reverse)
        #expect(!grid[3, 3].style.reverse)
    }

    @Test func tabAndArrowsMoveFocusAndWrap() {
        var start = screen()
        let size = Size(width: 80, height: 24)
        _ = start.handle(.tab, size: size)
        #expect(start.focus == .language)
        _ = start.handle(.down, size: size)
        _ = start.handle(.right, size: size)
        #expect(start.focus == .quit)
        _ = start.handle(.tab, size: size)
        #expect(start.focus == .theme)
        _ = start.handle(.backTab, size: size)
        #expect(start.focus == .quit)
        _ = start.handle(.up, size: size)
        _ = start.handle(.left, size: size)
        #expect(start.focus == .language)
        #expect(start.announcements == [
            "Language: English", "About Parla", "Quit", "Theme: High contrast, white on black", "Quit", "About Parla",
            "Language: English",
        ])
        let (_, cursor) = start.render(size: size)
        #expect(cursor == Point(x: 1, y: 3))
    }

    @Test func ctrlQAndTheQuitItemQuit() {
        var start = screen()
        let size = Size(width: 80, height: 24)
        #expect(start.handle(.ctrl("q"), size: size) == .quit)
        #expect(start.handle(.char("q"), size: size) == .stay)
        _ = start.handle(.backTab, size: size)
        #expect(start.handle(.enter, size: size) == .quit)
    }

    @Test func switchingLanguageIsLive() {
        var start = screen()
        let size = Size(width: 80, height: 24)
        _ = start.handle(.tab, size: size)
        _ = start.handle(.enter, size: size)
        #expect(start.announcements.last == "Idioma: Español")
        let (grid, _) = start.render(size: size)
        #expect(grid.lines[0] == " Parla")
        #expect(grid.lines[2] == "   Tema: Alto contraste, blanco sobre negro")
        #expect(grid.lines[3] == " ▶ Idioma: Español")
        #expect(grid.lines[7] == " Te damos la bienvenida a Parla, un cliente de microblog accesible. Tab pasa de")
        #expect(grid.lines[23] == " Tab siguiente  Mayús+Tab anterior  Intro elegir  F1 ayuda  Ctrl+Q salir")
        _ = start.handle(.space, size: size)
        #expect(start.announcements.last == "Idioma: Català")
    }

    @Test func themesCycleAndNoColorStaysMonochrome() {
        var start = screen()
        let size = Size(width: 80, height: 24)
        _ = start.handle(.enter, size: size)
        #expect(start.themeName == .blackOnWhite)
        _ = start.handle(.enter, size: size)
        #expect(start.themeName == .yellowOnBlack)
        _ = start.handle(.enter, size: size)
        #expect(start.themeName == .highContrast)
        var mono = StartScreen(localizer: TestLocalization.localizer(), theme: .yellowOnBlack, colorAllowed: false, charset: .ascii)
        #expect(mono.themeName == .monochrome)
        _ = mono.handle(.enter, size: size)
        #expect(mono.themeName == .monochrome)
        let (grid, _) = mono.render(size: size)
        #expect(grid.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        #expect(grid.lines[2] == " > Theme: Monochrome")
        #expect(grid.lines[1].hasPrefix(" ----"))
    }

    @Test func f1ShowsHelpMadeFromTheKeyTable() {
        var start = screen()
        _ = start.handle(.f(1), size: Size(width: 80, height: 24))
        #expect(start.announcements == [
            "Start screen. Tab: next item. Shift Tab: previous item. Enter: choose the focused item. "
                + "F 1: help for this screen. Control Q: quit Parla.",
        ])
        let (grid, _) = start.render(size: Size(width: 80, height: 24))
        #expect(Array(grid.lines[7...9]) == [
            " Start screen. Tab: next item. Shift Tab: previous item. Enter: choose the",
            " focused item. F 1: help for this screen. Control Q: quit Parla.",
            "",
        ])
    }

    @Test func tooSmallIsShownAndSaidOnce() {
        var start = screen()
        start.noteSize(Size(width: 20, height: 6))
        _ = start.handle(.resize, size: Size(width: 30, height: 8))
        let (grid, cursor) = start.render(size: Size(width: 20, height: 6))
        #expect(grid.lines == [
            "The window is too", "small for Parla.", "Make it at least 40", "columns by 12 rows.", "", "",
        ])
        #expect(cursor == .zero)
        _ = start.handle(.resize, size: Size(width: 80, height: 24))
        _ = start.handle(.resize, size: Size(width: 39, height: 24))
        #expect(start.announcements == [
            "The window is too small for Parla. Make it at least 40 columns by 12 rows.",
            "The window is too small for Parla. Make it at least 40 columns by 12 rows.",
        ])
    }

    @Test func runnerPresentsEveryStepWithTheCursorOnFocus() {
        let terminal = MemoryTerminal(size: Size(width: 40, height: 12), endWhenEmpty: true)
        terminal.type(.tab, .tab, .resize, .backTab)
        var runner = AppRunner(screen: screen())
        runner.run(on: terminal)
        #expect(terminal.frames.map(\.cursor) == [
            Point(x: 1, y: 2), Point(x: 1, y: 3), Point(x: 1, y: 4), Point(x: 1, y: 4), Point(x: 1, y: 3),
        ])
        for frame in terminal.frames {
            #expect(frame.grid[frame.cursor.x, frame.cursor.y].text == "▶")
        }
        #expect(runner.state.focus == .language)
    }
}
