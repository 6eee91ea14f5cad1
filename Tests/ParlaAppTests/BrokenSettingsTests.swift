import Foundation
import ParlaApp
import Testing
import TestSupport

/// Issue 20, "The user's data": a broken `settings.json` was silently replaced by the next change
/// (custom templates lost). It is now kept aside and the user is told where.
@Suite struct BrokenSettingsTests {
    @Test func issue20ABrokenSettingsFileIsKeptAsideAndSaid() throws {
        let config = TestPaths.temporaryDirectory("settings")
        let file = config.appendingPathComponent("settings.json")
        let broken = #"{"templates": {"full": {"display": "my own", "spoken": "mine"}}, "theme": "#
        try Data(broken.utf8).write(to: file)
        let store = FileAppSettingsStore(configDirectory: config)
        let kept = file.path + ".broken"
        #expect(throws: SettingsError.keptAside(path: file.path, keptAt: kept)) { try store.load() }
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == broken)
        #expect(SettingsError.keptAside(path: file.path, keptAt: kept).message(TestLocalization.localizer())
            == "The settings in \(file.path) could not be read; the file was kept as \(kept) and the defaults are used.")
        // The next change writes new settings beside it; the kept file stays as it was.
        try store.save(AppSettings())
        #expect(try store.load() == AppSettings())
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == broken)
        // A second broken file does not replace the first one kept.
        try Data("nope".utf8).write(to: file)
        #expect(throws: SettingsError.keptAside(path: file.path, keptAt: kept + "-2")) { try store.load() }
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == broken)
    }
}
