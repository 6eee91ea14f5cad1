import Foundation
import ParlaApp
import ParlaBase
import TerminalKit
import TestSupport
import Testing

/// Settings' writing switches: asking before a file without a description, and checking spelling before
/// sending; each said with its state, saved, and read back from the settings file.
@Suite struct WritingSettingsTests {
    @Test func bothSwitchesAreInSettingsAndSaved() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(9))
        // Past the 21 speech, reading and keypad choices.
        for _ in 0..<21 { await h.press(.tab) }
        #expect(h.texts.last == "Ask before posting a file without a description, toggle button, on")
        await h.press(.enter)
        #expect(h.store.saved?.confirmMissingDescription == false)
        await h.press(.tab)
        #expect(h.texts.last == "Check spelling before sending, toggle button, off")
        await h.press(.enter)
        #expect(h.store.saved?.checkSpellingBeforeSending == true)
        let cursor = try #require(h.cursor)
        #expect(h.lines[cursor.y].contains("Check spelling before sending"), "\(h.lines)")
    }

    @Test func theSwitchesAreReadBackFromTheSettingsFile() throws {
        let folder = TestPaths.temporaryDirectory()
        let store = FileAppSettingsStore(configDirectory: folder)
        var settings = try store.load()
        #expect(settings.confirmMissingDescription && !settings.checkSpellingBeforeSending)
        settings.confirmMissingDescription = false
        settings.checkSpellingBeforeSending = true
        try store.save(settings)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: store.file)) as? [String: Any]
        #expect(object?["checkSpellingBeforeSending"] as? Bool == true)
        let loaded = try store.load()
        #expect(!loaded.confirmMissingDescription && loaded.checkSpellingBeforeSending)
    }
}
