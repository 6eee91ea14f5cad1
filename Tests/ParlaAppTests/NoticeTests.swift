import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// Going offline is said once, whichever of the opening refresh and the engine's live updates notices it first.
@Suite struct OfflineNoticeTests {
    static let offline = "Offline: showing saved posts. Cannot reach example.social. Check the network; Parla will try again."

    @Test func theRefreshNoticesFirst() async throws {
        let engine = FakeEngine()
        engine.refreshError = .unreachable(host: "example.social")
        let h = try AppHarness(engine: engine)
        await h.open()
        engine.emit(.offline(.unreachable(host: "example.social")))
        await deliverEvents(h)
        #expect(h.utterances.filter { $0.text.hasPrefix("Offline") } == [Utterance(Self.offline, priority: .alert, earcon: .error)])
        #expect(h.lines[21] == "   You are in Home · 1 of 3 · offline: saved posts")
        #expect(h.engine.calls == ["start live", "refresh home", "check connection"])
    }

    @Test func theLiveUpdatesNoticeFirst() async throws {
        let engine = FakeEngine()
        engine.refreshError = .unreachable(host: "example.social")
        let release = AsyncStream<Void>.makeStream()
        engine.beforeRefreshFails = { for await _ in release.stream { break } }
        let h = try AppHarness(engine: engine)
        await h.app.prepare()
        h.app.start()
        // The app's event pump is a task of its own: the one bounded wait.
        try await eventually("the app to listen") { engine.listening }
        engine.emit(.offline(.unreachable(host: "example.social")))
        try await eventually("the offline notice") {
            h.app.drain()
            return h.texts.contains(Self.offline)
        }
        release.continuation.yield()
        await h.app.settle()
        #expect(h.utterances.filter { $0.text.hasPrefix("Offline") } == [Utterance(Self.offline, priority: .alert, earcon: .error)])
        #expect(h.lines[21] == "   You are in Home · 1 of 3 · offline: saved posts")
        #expect(h.engine.calls == ["start live", "refresh home", "check connection"])
    }
}

/// Issue 9's environment faults as the app meets them: what failed before it started is said once and shown.
@Suite struct StartNoticeTests {
    @Test func noSoundAndNoVoiceDataAreSaidOnceAndShownUntilTheNextKey() async throws {
        let sound = "No sound device could be opened (No such file or directory). Parla goes on without sound."
        let voice = "The eSpeak-NG voice data was not found (/tmp/empty). Parla goes on without speech; sounds still play."
        let h = try AppHarness(startNotices: [sound, voice])
        await h.open()
        #expect(Array(h.utterances.prefix(2)) == [
            Utterance(sound, priority: .alert, earcon: .error), Utterance(voice, priority: .alert, earcon: .error),
        ])
        #expect(h.texts.filter { $0 == sound || $0 == voice }.count == 2)
        #expect(Array(h.lines.prefix(5)) == [
            " Home · main",
            " ------------------------------------------------------------------------------",
            " No sound device could be opened (No such file or directory). Parla goes on",
            " without sound. The eSpeak-NG voice data was not found (/tmp/empty). Parla goes",
            " on without speech; sounds still play.",
        ])
        #expect(h.lines[23] == "   [About]            [Info]             [Details]          [New post]")
        await h.press(.down)
        #expect(h.texts.last == "Ben Jones: Hola, ¿qué tal? 30 minutes ago.")
        #expect(h.lines[12] == "   > Ben Jones: Hola, ¿qué tal?")
        #expect(h.cursor == Point(x: 5, y: 12))
    }
}
