import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Issue 16 item 2: every open timeline keeps its place across visits and restarts, and `]` and `[`
/// move to the next and previous open timeline, saying which and where.
@Suite struct TimelineBufferTests {
    /// Five posts on Local, newest first ("Local post 5" … "Local post 1"), by Ana and Ben in turn.
    static let localPosts = (1...5).map { step in
        post("50\(6 - step)", by: step % 2 == 0 ? ben : ana, "<p>Local post \(6 - step)</p>", minutesAgo: step * 10)
    }

    static func engine() -> FakeEngine {
        let engine = FakeEngine()
        engine.setCached(localPosts, in: "local")
        return engine
    }

    static let home1 = Utterance("Ana García: Good morning, everyone! 5 minutes ago.", language: "en")
    static let local3 = Utterance("Ana García: Local post 3. 30 minutes ago.", language: "en")

    /// What `]` or `[` says: the timeline's name and place, then its post, in one utterance (the post does not cut the name).
    static func entered(_ entry: String, _ item: Utterance) -> Utterance {
        Utterance(segments: [.init(entry + ". ")] + item.segments, earcon: item.earcon ?? .focus)
    }

    /// Go to, then Local (the fifth place).
    static let goToLocal: [Key] = [.char("g"), .down, .down, .down, .down, .enter]

    @Test func theNextAndPreviousTimelineKeysSayWhichAndWhereAndEachKeepsItsPlace() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: Self.engine())
        await h.open()
        for key in Self.goToLocal { await h.press(key) }
        await h.press(.down, .down)
        #expect(h.utterances.last == Self.local3)
        h.speech.clear()
        // Home is the first open timeline: going on from Local goes round to it (the edge sound).
        await h.press(.char("]"))
        #expect(h.speech.events == [
            .play(.edge),
            .say(Self.entered("Home, 1 of 3", Self.home1)),
        ])
        #expect(h.lines == [
            " Home · main",
            " --------------------------------------",
            "   [Ana García @ana]          5 min ago",
            "   Good morning, everyone!",
            "",
            "   [ ] Boost   [Reply]   [ ] Favourite",
            "   [ ] Bookmark   [Thread]   [Refresh]",
            " > Posts: Ana García: Good morning,...",
            "",
            "   You are in Home · 1 of 3",
            " --------------------------------------",
            "  [About]  [Info]  [Details]  [New post]",
        ])
        #expect(h.cursor == Point(x: 3, y: 7))
        h.speech.clear()
        // Back on Local, on the post it was left at.
        await h.press(.char("]"))
        #expect(h.speech.events == [.say(Self.entered("Local, 3 of 5", Self.local3))])
        #expect(h.lines == [
            " Local · main",
            " --------------------------------------",
            "   [Ana García @ana]         30 min ago",
            "   Local post 3",
            "",
            "   [ ] Boost   [Reply]   [ ] Favourite",
            "   [ ] Bookmark   [Thread]   [Refresh]",
            " > Posts: Ana García: Local post 3 3...",
            "",
            "   You are in Local · 3 of 5",
            " --------------------------------------",
            "  [Back]  [Info]  [Details]  [New post]",
        ])
        #expect(h.cursor == Point(x: 3, y: 7))
        h.speech.clear()
        await h.press(.char("["))
        #expect(h.speech.events == [.say(Self.entered("Home, 1 of 3", Self.home1))])
        // From home, going back goes round to the last open timeline.
        h.speech.clear()
        await h.press(.char("["))
        #expect(h.speech.events == [.play(.edge), .say(Self.entered("Local, 3 of 5", Self.local3))])
        // Back (Esc) leads home; Go to Local again finds the open timeline where it was left, without loading.
        await h.press(.escape)
        #expect(h.lines[0] == " Home · main")
        h.speech.clear()
        for key in Self.goToLocal { await h.press(key) }
        #expect(h.utterances.last == Self.entered("Local, 3 of 5", Self.local3))
        #expect(!h.utterances.contains { $0.text.hasPrefix("Loading") })
        #expect(h.engine.calls == ["start live", "refresh home"])
    }

    @Test func reopeningLocalAfterARestartReturnsToThePostLeft() async throws {
        let engine = Self.engine()
        let first = try AppHarness(engine: engine)
        await first.open()
        for key in Self.goToLocal { await first.press(key) }
        await first.press(.down, .down, .up)
        await first.app.shutdown()
        // Local keeps where the user left it, even going back up (not only the newest post read).
        #expect(await engine.readPosition(.local) == "504")
        // Local was open and the one the user was on: Parla starts on it again, at the post left.
        let second = try AppHarness(engine: engine)
        await second.open()
        // The screen's name and the post left are one utterance.
        #expect(second.utterances.last == Utterance(segments: [.init("Local · main. Posts, wheel list, 2 of 5. "), .init("Ben Jones: Local post 4. 20 minutes ago.", language: "en"),
                                .init(" Up and Down move, Right reads the rest, Enter chooses.")], earcon: .focus))
        #expect(second.lines.contains("   You are in Local · 2 of 5"))
    }

    @Test func anOpenTimelineComesBackInTheLanguageChosenWhileItWasAway() async throws {
        let h = try AppHarness(engine: Self.engine())
        await h.open()
        for key in Self.goToLocal { await h.press(key) }
        await h.press(.down, .down, .char("]"))
        // Spanish chosen in Settings from home, while Local is not on screen.
        await h.press(.f(9), .right, .enter, .escape)
        h.speech.clear()
        await h.press(.char("]"))
        #expect(h.texts == ["Local, 3 de 5. Ana García: Local post 3. hace 30 minutos."])
        #expect(h.lines.contains("   Estás en Local · 3 de 5"))
        #expect(h.lines.last == "   [Atrás]            [Info]             [Detalles]         [Publicar]")
    }

    @Test func aPlaceBelowTheCacheIsFoundAgainByReadingOlderPagesOnOpening() async throws {
        let engine = FakeEngine()
        // Local post `n` (1 the newest) of 150 on the server; the cache holds the newest 40.
        let all = (1...150).map { n in post(String(200_000 - n), by: ana, "<p>Local post \(n)</p>", minutesAgo: n) }
        engine.scripted.add(all, to: "local")
        engine.setCached(Array(all.prefix(40)), in: "local")
        engine.setReadPosition(all[60].id, in: "local")
        let h = try AppHarness(engine: engine)
        await h.open()
        h.speech.clear()
        for key in Self.goToLocal { await h.press(key) }
        #expect(h.utterances.last == Utterance(segments: [.init("Local · main. Posts, wheel list, 61 of 80. "), .init("Ana García: Local post 61. 1 hour ago.", language: "en")],
                                                      earcon: .focus))
        // One request, at the largest page, older than the cache's last post.
        #expect(engine.scripted.calls.filter { if case .timeline("local", _, _) = $0 { true } else { false } }.count == 1)
        #expect(h.lines.contains("   You are in Local · 61 of 80, more below"))
        // Away and back: the cache read again keeps the older posts below it and the place.
        h.speech.clear()
        await h.press(.char("]"), .char("]"))
        #expect(h.texts.last == "Local, 61 of 80, more below. Ana García: Local post 61. 1 hour ago.")
        #expect(h.lines.contains("   You are in Local · 61 of 80, more below"))
        // Parla started again comes back on Local, finds the place below the cache the same way and reads it.
        let r = try AppHarness(engine: engine)
        await r.open()
        #expect(r.lines.contains("   You are in Local · 61 of 80, more below"))
        #expect(r.texts.last == "Ana García: Local post 61. 1 hour ago.")
        // A post that is gone is looked for no further than three pages: the timeline (brought back on start, as
        // it was the one the user was on) opens at the top.
        engine.setReadPosition("1", in: "local")
        let s = try AppHarness(engine: engine)
        engine.scripted.resetCalls()
        await s.open()
        for key in Self.goToLocal { await s.press(key) }
        #expect(engine.scripted.calls.filter { if case .timeline("local", _, _) = $0 { true } else { false } }.count == 3)
        #expect(s.lines.contains("   You are in Local · 1 of 40"))
    }

    @Test func notificationsOpenAtTheirReadPosition() async throws {
        let engine = Self.engine()
        engine.notificationsValue = [
            MicroblogNotification(id: "902", kind: .favourite, createdAt: testNow.addingTimeInterval(-60), account: ben, post: homePosts[1]),
            MicroblogNotification(id: "901", kind: .follow, createdAt: testNow.addingTimeInterval(-600), account: ana),
        ]
        engine.setReadPosition("901", in: "notifications")
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("g"), .down, .down, .enter)
        #expect(h.lines.contains("   You are in Notifications · 2 of 2"))
    }

    @Test func withOneTimelineOpenTheKeysSaySo() async throws {
        let h = try AppHarness()
        await h.open()
        h.speech.clear()
        await h.press(.char("]"))
        #expect(h.utterances == [Utterance("Home is the only open timeline", earcon: .edge)])
        let s = try AppHarness(language: .spanish)
        await s.open()
        s.speech.clear()
        await s.press(.char("["))
        #expect(s.utterances == [Utterance("Inicio es la única cronología abierta", earcon: .edge)])
    }
}
