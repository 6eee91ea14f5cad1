import Foundation
import Gallery
import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing
import GalleryTesting

final class GalleryHarness {
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let speech = RecordingSpeechOutput()
    let clock = ManualClock()
    let store: any SettingsStore
    let host: ScreenHost

    init(store: any SettingsStore = MemorySettingsStore(), language: Language = .english) {
        self.store = store
        host = GalleryApp.makeHost(backend: terminal, speech: speech, clock: clock, localizer: TestLocalization.localizer(language),
                                   store: store, colorAllowed: true, ascii: true)
        host.start()
    }

    func press(_ keys: Key...) { for key in keys { host.handle(key) } }
    var texts: [String] { speech.texts }
    var lines: [String] { terminal.lastFrame?.grid.lines ?? [] }
    var cursor: Point? { terminal.lastFrame?.cursor }
}

@Suite struct GalleryTests {
    @Test func theMenuOpensEveryStudyAppAndEveryControlSpeaksWithTheCursorOnIt() {
        let h = GalleryHarness()
        #expect(h.texts == ["Gallery of accessible controls. ButtonMenus: two ways to confirm, button, Press Enter to activate."])
        for app in 0..<7 {
            h.speech.clear()
            h.press(.enter)
            let count = h.host.focusables.count
            var cursors: Set<Point> = []
            for _ in 0..<count {
                if let cursor = h.cursor { cursors.insert(cursor) }
                h.press(.tab)
            }
            // Every focus change said something; each control had its own cursor place.
            #expect(h.speech.events.filter { if case .say(let u) = $0 { return u.earcon == .focus } else { return false } }.count == count + 1)
            #expect(cursors.count == count)
            h.press(.escape)
            h.press(.tab)
            _ = app
        }
        h.press(.escape)
        #expect(h.host.isFinished)
    }

    @Test func buttonMenusShowsWhichButtonWasConfirmed() {
        let h = GalleryHarness()
        h.press(.enter, .tab, .enter)
        #expect(h.lines[6] == "   Result: nothing pressed yet")
        h.press(.enter)
        #expect(h.lines[6] == "   Result: Delete pressed")
        #expect(Array(h.texts.suffix(2)) == ["Press Enter again to confirm Delete", "Delete done"])
    }

    @Test func buttonPhoneDialsIntoTheLabel() {
        let h = GalleryHarness()
        h.press(.tab, .enter, .enter, .tab, .tab, .tab, .tab, .enter)
        #expect(h.texts.last == "Number 15")
        #expect(Array(h.lines[2...7]) == [
            "   [1]       [2]       [3]",
            "   [4]     > [5]       [6]",
            "   [7]       [8]       [9]",
            "             [0]",
            "",
            "   Number: 15",
        ])
    }

    @Test func colorsSavesTheChosenThemeAndDrawsWithIt() throws {
        let folder = TestPaths.temporaryDirectory()
        try Data(#"{"account": "kept"}"#.utf8).write(to: folder.appendingPathComponent("settings.json"))
        let store = FileSettingsStore(configDirectory: folder)
        let h = GalleryHarness(store: store)
        h.press(.tab, .tab, .enter, .tab, .tab, .enter)
        #expect(h.host.theme.name == .yellowOnBlack)
        #expect(try store.load().theme == .yellowOnBlack)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: store.file)) as? [String: Any]
        #expect(saved?["account"] as? String == "kept")
        #expect(h.lines[2] == "   ( ) High contrast, white on black      ( ) Black on white")
        #expect(h.lines[5] == " > (*) Yellow on black                    ( ) Monochrome")
        #expect(h.texts.last == "Yellow on black chosen")
    }

    @Test func voicesSpeaksTheSampleInTheVoicesLanguageAndSavesTheChoice() throws {
        let store = MemorySettingsStore()
        let h = GalleryHarness(store: store)
        h.press(.tab, .tab, .tab, .enter)
        h.press(.right, .right, .tab, .right, .tab, .enter)
        let sample = h.speech.events.compactMap { event -> Utterance? in
            if case .say(let u) = event, u.language != nil { return u } else { return nil }
        }
        #expect(sample == [Utterance("Así suena Parla a 200 palabras por minuto.", language: "es-ES")])
        h.press(.tab, .enter)
        #expect(store.saved?.voice == "es-ES")
        #expect(store.saved?.rate == 200)
        #expect(h.texts.last == "Saved: Spanish, 200 words per minute")
    }

    @Test func scPhoneWritesIntoTheLabelByScanning() {
        let h = GalleryHarness()
        h.press(.tab, .tab, .tab, .tab, .tab, .enter, .tab, .left, .enter)
        h.clock.advance(by: .milliseconds(1200))
        h.host.tick()
        h.press(.enter)
        #expect(h.lines[2] == "   Text: h")
        #expect(Array(h.texts.suffix(3)) == ["g", "h", "h"])
    }

    @Test func wheelNamesHasAThousandSortedNames() {
        let h = GalleryHarness()
        h.press(.backTab, .backTab, .backTab, .backTab, .enter, .end)
        #expect(h.texts.last == "Sofía Williams, 1000 of 1000")
        h.press(.char("r"), .enter, .tab)
        #expect(h.texts.last == "chosen, label, Raúl Alonso, Right and Left read word by word.")
    }

    @Test func verbosityOnF2IsSavedAndUsedAtOnce() {
        let store = MemorySettingsStore()
        let h = GalleryHarness(store: store)
        h.press(.f(2), .right, .enter, .backTab)
        #expect(store.saved?.verbosity == .short)
        #expect(h.texts.last == "Info")
    }

    @Test func anUnreadableSettingsFileIsKeptAsideSaidAndDefaultsAreUsed() throws {
        let folder = TestPaths.temporaryDirectory()
        try Data("{broken".utf8).write(to: folder.appendingPathComponent("settings.json"))
        let h = GalleryHarness(store: FileSettingsStore(configDirectory: folder))
        #expect(h.speech.events.first == .say(Utterance(
            "The settings file \(folder.path)/settings.json could not be read; it was kept as \(folder.path)/settings.json.broken and defaults are used.",
            priority: .alert, earcon: .error)))
        #expect(try String(contentsOf: folder.appendingPathComponent("settings.json.broken"), encoding: .utf8) == "{broken")
        #expect(h.host.theme.name == .highContrast)
    }

    @Test func everyScreenIsInSpanishAndCatalanToo() {
        let es = GalleryHarness(language: .spanish)
        #expect(es.lines[0] == " Galería de controles accesibles")
        let ca = GalleryHarness(language: .catalan)
        ca.press(.enter)
        #expect(ca.lines[2] == " > [Obrir]")
    }
}
