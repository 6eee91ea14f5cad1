import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// Whether the server can be reached is the engine's word alone (its `offline` and `online` events): the
/// app says going offline once (or lets the failed call the user waits on say why) and coming back
/// once, before what the call brought.
@Suite struct OfflineNoticeTests {
    static let offline = "Offline: showing saved posts. Cannot reach example.social. Check the network. Parla will try again."
    static let cannotReach = "Cannot reach example.social. Check the network. Parla will try again."
    static let fresh = post("104", by: ben, "<p>Back again</p>", minutesAgo: 1)

    @Test func aFailedThenASuccessfulRefreshSayOfflineOnceAndBackOnlineOnceBeforeTheNews() async throws {
        let engine = FakeEngine()
        let h = try AppHarness(engine: engine)
        await h.open()
        let opened = h.texts.count
        engine.refreshError = .unreachable(host: "example.social")
        await h.press(.char("."))
        // A failed refresh is said at once and keeps the timeline on screen (nothing laid over it).
        #expect(h.lines[2] == "   [Ana García @ana]                      Time: 5 min ago")
        #expect(h.lines[11] == "   > Ana García: Good morning, everyone!")
        #expect(h.lines[21] == "   You are in Home · 1 of 3 · offline: saved posts")
        engine.refreshError = nil
        engine.willBring([Self.fresh], to: "home")
        await h.press(.char("."))
        #expect(Array(h.texts[opened...]) == [Self.cannotReach, "Back online", "1 new post"])
        #expect(h.lines[21] == "   You are in Home · 2 of 4")
    }

    @Test func aFailedOpeningRefreshSaysOfflineOnceAndTheNextRefreshBackOnlineOnce() async throws {
        let engine = FakeEngine()
        engine.refreshError = .unreachable(host: "example.social")
        let h = try AppHarness(engine: engine)
        await h.open()
        #expect(h.lines[21] == "   You are in Home · 1 of 3 · offline: saved posts")
        engine.refreshError = nil
        engine.willBring([Self.fresh], to: "home")
        await h.press(.char("."))
        #expect(h.texts == [
            "Since you left: 3 new posts in home, 1 mention.",
            "Home · main. Posts, wheel list, 1 of 3. Ana García: Good morning, everyone! 5 minutes ago. Up and Down move, Right reads the rest, Enter chooses.",
            Self.offline, "Back online", "1 new post",
        ])
        #expect(h.engine.calls == ["start live", "refresh home", "refresh home"])
    }

    @Test func liveUpdatesNoticingFirstWhileTheOpeningRefreshIsAwaitedIsSaidOnceWhenItEnds() async throws {
        let engine = FakeEngine()
        engine.refreshError = .unreachable(host: "example.social")
        let release = AsyncStream<Void>.makeStream()
        engine.beforeRefreshFails = { for await _ in release.stream { break } }
        let h = try AppHarness(engine: engine)
        await h.app.prepare()
        h.app.start()
        engine.emit(.offline(.unreachable(host: "example.social")))
        h.app.drain()
        // The refresh the screen waits on may say why; the notice waits for it.
        #expect(h.lines[21] == "   You are in Home · 1 of 3 · refreshing · offline: saved posts")
        #expect(!h.texts.contains(Self.offline))
        release.continuation.yield()
        await h.app.settle()
        #expect(h.utterances.filter { $0.text.hasPrefix("Offline") } == [Utterance(Self.offline, priority: .urgent, earcon: .error)])
        #expect(h.engine.calls == ["start live", "refresh home"])
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
