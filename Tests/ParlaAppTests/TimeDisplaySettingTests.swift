import Foundation
import MicroblogKit
import ParlaApp
import ParlaPresentation
import TestSupport
import Testing

/// Times said in words or as dates: a saved setting that reaches the presenter.
@Suite struct TimeDisplaySettingTests {
    @Test func absoluteTimesAreSavedLoadedAndPresented() throws {
        let folder = TestPaths.temporaryDirectory()
        let store = FileAppSettingsStore(configDirectory: folder)
        var settings = try store.load()
        #expect(settings.timeDisplay == .relative)
        settings.timeDisplay = .absolute
        try store.save(settings)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: store.file)) as? [String: Any]
        #expect(object?["timeDisplay"] as? String == "absolute")
        let loaded = try store.load()
        #expect(loaded.timeDisplay == .absolute)
        #expect(loaded.presentation.options.timeDisplay == .absolute)
        var presentation = loaded.presentation
        presentation.options.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: 1_772_366_100)  // 2026-03-01 11:55 UTC
        let when = SpeechTextPresenter().time(date, now: date.addingTimeInterval(300), localizer: TestLocalization.localizer(.catalan),
                                              settings: presentation)
        #expect(when.spoken == "1 març 2026, 11:55")
    }
}
