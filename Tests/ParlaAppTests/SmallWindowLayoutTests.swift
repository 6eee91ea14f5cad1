import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import ParlaBase
import TerminalKit
import Testing

/// Issue 26 items 11 and 14: at 40×12 (a low-vision user's zoomed font) the focus is always on screen
/// with the cursor on it, and what matters is wrapped or shortened rather than cut.
@Suite struct SmallWindowLayoutTests {
    static let size = Size(width: 40, height: 12)

    /// The keys from home that open each screen, by name.
    static let screens: [(name: String, keys: [Key])] = [
        ("home", []),
        ("compose", [.char("c")]),
        ("file chooser", [.char("c"), .tab, .tab, .tab, .enter]),
        ("go to", [.char("g")]),
        ("settings", [.f(9)]),
        ("search", [.char("/")]),
        ("user details", [.char("u")]),
        ("own profile", [.char("m")]),
        ("outbox", [.char("o")]),
        ("budget", [.char("$")]),
        ("reply", [.char("r")]),
        ("links", [.down, .down, .char("l")]),
        ("about", [.escape]),
        ("reminder", [.char("z")]),
        ("reminders", [.char("Z")]),
        ("followers", [.char("u"), .tab, .tab, .tab, .tab, .tab, .tab, .enter]),
        ("help", [.f(1)]),
    ]

    /// Where the rules are at 40×12: under the title, and above the toolbar.
    static let rules = [1, 10]

    /// Issue 26 item 11: every screen's Tab order at 40×12 keeps the focused control drawn inside the window
    /// (never on the title or a rule), and the hardware cursor inside it.
    @Test(arguments: screens.map(\.name))
    func everyScreensTabOrderAt40x12KeepsTheFocusOnScreenWithTheCursorOnIt(screen: String) async throws {
        let keys = try #require(Self.screens.first { $0.name == screen }?.keys)
        let h = try AppHarness(size: Self.size)
        await h.open()
        for key in keys { await h.press(key) }
        let title = h.app.host.screen.title
        #expect((title == "Home · main") == (screen == "home"), "\(screen) opened \(title)")
        let stops = h.app.host.focusables.count
        for step in 0...stops {
            let area = try #require(h.app.host.focusArea, "\(screen), Tab \(step): the focused control is not drawn")
            let cursor = try #require(h.cursor)
            #expect(area.minY >= 2 && area.maxY <= 12 && !Self.rules.contains(area.minY),
                    "\(screen), Tab \(step): focus drawn at \(area)\n\(h.lines.joined(separator: "\n"))")
            #expect(area.contains(cursor) && !Self.rules.contains(cursor.y),
                    "\(screen), Tab \(step): cursor \(cursor) outside \(area)\n\(h.lines.joined(separator: "\n"))")
            await h.press(.tab)
            #expect(h.app.host.screen.title == title, "\(screen): Tab left the screen")
        }
    }

    /// Issue 26 item 11, the case found: compose → Tab ×3 → Enter (the file chooser) → Tab shows Path, with
    /// the cursor on it, not on the rule.
    @Test func theFileChoosersPathFieldShowsWithTheCursorOnItAt40x12() async throws {
        let h = try AppHarness(size: Self.size)
        await h.open()
        await h.press(.char("c"), .tab, .tab, .tab, .enter, .tab)
        let cursor = try #require(h.cursor)
        #expect(h.lines[cursor.y].contains("Path:"), "\(h.lines.joined(separator: "\n"))")
        #expect(cursor.y != 10)
    }

    /// Issue 26 item 14: the Spanish home at 40 columns shows every action and toolbar title whole (the
    /// actions in rows of two, the toolbar's About and Details in their short forms) instead of
    /// "[Acerca…  [Info]  [Detalle…  [Publica…".
    @Test func spanishHomeAt40ColumnsShowsEveryActionAndToolbarTitleWhole() async throws {
        let h = try AppHarness(size: Self.size, language: .spanish)
        await h.open()
        #expect(h.lines == [
            " Inicio · main",
            " --------------------------------------",
            "   [Ana García @ana]         hace 5 min",
            "   Good morning, everyone!",
            "",
            "   [ ] Impulsar        [Responder]",
            "   [ ] Favorito        [ ] Guardar",
            "   [Hilo]          [Actualizar]",
            " > Publicaciones: Ana García: Good m...",
            "   Estás en Inicio · 1 de 3",
            " --------------------------------------",
            "  [Sobre]  [Info]  [Datos]  [Publicar]",
        ])
        // The toolbar's Back is About on home: said whole, shown short.
        await h.press(.tab, .tab)
        #expect(h.texts.last?.hasPrefix("Acerca de, botón") == true)
        #expect(h.lines[11] == "> [Sobre]  [Info]  [Datos]  [Publicar]")
        let catalan = try AppHarness(size: Self.size, language: .catalan)
        await catalan.open()
        #expect(catalan.lines[11] == "  [Sobre]   [Info]   [Dades]   [Publica]")
    }

    /// Issue 26 item 14: "Theme:" stays at 40 columns, on a row of its own above its options.
    @Test func theThemesTitleStaysAt40Columns() async throws {
        let h = try AppHarness(size: Self.size)
        await h.open()
        await h.press(.f(9), .tab)
        #expect(h.lines == [
            " Settings",
            " --------------------------------------",
            "   Language:",
            "   [English] Spanish (Español) ...",
            "   Theme:",
            " > [High contrast, white on black] ...",
            "   Voice: [British English] ...",
            "   Rate: 120 150 [175] 200 250 300 350",
            "   Pitch: 30 40 [50] 60 70",
            "   Volume: 50 75 [100] 150 200",
            " --------------------------------------",
            "   [Back]   [Info]",
        ])
        #expect(h.cursor == Point(x: 4, y: 5))
    }

    /// Issue 26 item 14: the where-line wraps to a second row rather than being cut.
    @Test func theWhereLineWrapsRatherThanBeingCutAt40Columns() async throws {
        let h = try AppHarness(size: Self.size)
        h.engine.setCached([homePosts[0], homePosts[2]], in: "user:1")
        await h.open()
        await h.press(.char("u"), .tab, .tab, .tab, .tab, .tab, .enter)
        #expect(Array(h.lines[7...10]) == [
            " > Posts: Ana García: Good morning,...",
            "   You are in Posts by Ana García · 1",
            "   of 2",
            " --------------------------------------",
        ])
    }

    /// Issue 26 item 14: an author whose name and handle do not fit beside the time at 40 columns is shown by
    /// the name alone ("[Marta Puig i Soler]", not "[Marta Puig i Soler @mart…"), and still said with the handle;
    /// one that fits keeps its handle.
    @Test func aLongAuthorIsShownByNameRatherThanCutAt40Columns() async throws {
        let marta = account("30", "marta", "Marta Puig i Soler")
        let engine = FakeEngine.home([post("301", by: marta, "<p>Bon dia</p>", minutesAgo: 17 * 60, language: "ca"), homePosts[0]])
        let h = try AppHarness(size: Self.size, engine: engine)
        await h.open()
        #expect(h.lines[2] == "   [Marta Puig i Soler]        17 h ago", "\(h.lines)")
        for _ in 0..<12 where h.texts.last?.hasPrefix("Marta") != true { await h.press(.backTab) }
        #expect(h.texts.last == "Marta Puig i Soler @marta, button")
        #expect(h.lines[2] == " > [Marta Puig i Soler]        17 h ago", "\(h.lines)")
        for _ in 0..<12 where h.texts.last?.contains("wheel list") != true { await h.press(.tab) }
        await h.press(.down)
        #expect(h.lines[2] == "   [Ana García @ana]          5 min ago", "\(h.lines)")
    }

    /// Issue 26 item 14: no screen's toolbar is cut at 40 columns, in any of the three languages (the
    /// ASCII ellipsis "..." marks a cut); the people screens' "Follow or unfollow" shows as "Follow".
    @Test(arguments: [Language.english, .spanish, .catalan])
    func noToolbarIsCutAt40Columns(language: Language) async throws {
        for (screen, keys) in Self.screens {
            let h = try AppHarness(size: Self.size, language: language)
            await h.open()
            for key in keys { await h.press(key) }
            #expect(!h.lines[11].contains("..."), "\(language) \(screen): \(h.lines[11])")
        }
    }
}
