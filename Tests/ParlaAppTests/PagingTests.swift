import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Post `n` of a long timeline (1 is the newest).
private func numbered(_ n: Int) -> Post {
    post(String(100_000 - n), by: ana, "<p>Post \(n)</p>", minutesAgo: n)
}

/// An engine whose server holds `count` home posts, the first 40 of them cached.
private func fiveHundred(_ count: Int = 500) -> FakeEngine {
    let engine = FakeEngine()
    let all = (1...count).map(numbered)
    engine.scripted.add(all, to: "home")
    engine.setCached(Array(all.prefix(40)), in: "home")
    return engine
}

@Suite struct PagingTests {
    @Test func endThenDownLoadsTheOlderPageAndReadsPost41() async throws {
        let engine = fiveHundred()
        let h = try AppHarness(engine: engine)
        await h.open()
        let opening = engine.scripted.timelineRequests
        #expect(h.lines[21] == "   You are in Home · 1 of 40")
        await h.press(.end)
        // Coming within a few posts of the loaded end asked for the next page, once.
        #expect(engine.scripted.timelineRequests == opening + 1)
        #expect(h.lines[10] == " > Posts 40 of 80")
        #expect(h.lines[21] == "   You are in Home · 40 of 80, more below")
        await h.press(.down)
        #expect(h.utterances.last == Utterance("Ana García: Post 41. 41 minutes ago.", language: "en"))
        #expect(h.lines[2] == "   [Ana García @ana]                      Time: 41 min ago")
        #expect(h.lines[3] == "   Post 41")
        #expect(h.lines[10] == " > Posts 41 of 80")
        #expect(h.lines[21] == "   You are in Home · 41 of 80, more below")
        #expect(engine.scripted.timelineRequests == opening + 1)
    }

    @Test func readingAllFiveHundredCostsOneRequestPerPage() async throws {
        let engine = fiveHundred()
        let h = try AppHarness(engine: engine)
        await h.open()
        let opening = engine.scripted.timelineRequests
        for _ in 0..<20 { await h.press(.end) }
        // 460 posts beyond the cache, 40 a page: 12 pages, the last one of 20 and no more after it.
        #expect(engine.scripted.timelineRequests == opening + 12)
        #expect(h.lines[10] == " > Posts 500 of 500")
        #expect(h.lines[21] == "   You are in Home · 500 of 500")
        await h.press(.down)
        #expect(h.speech.events.last == .say(Utterance("Ana García: Post 500. 8 hours ago.", language: "en", earcon: .edge)))
        #expect(engine.scripted.timelineRequests == opening + 12)
    }

    @Test func readingAThousandPostsCosts24PagesAfterTheCachedFirst40() async throws {
        let engine = fiveHundred(1000)
        let h = try AppHarness(engine: engine)
        await h.open()
        let opening = engine.scripted.timelineRequests
        for _ in 0..<40 { await h.press(.end) }
        #expect(h.lines[10] == " > Posts 1000 of 1000")
        #expect(engine.scripted.timelineRequests == opening + 24)
    }

    @Test func downAtTheEndWhileThePageLoadsSaysSoOnceAndMovesOnWhenItComes() async throws {
        let engine = fiveHundred()
        let (opened, gate) = AsyncStream<Void>.makeStream()
        engine.scripted.pageGate = { for await _ in opened { break } }
        let h = try AppHarness(engine: engine)
        await h.open()
        h.speech.clear()
        h.app.handle(.end)
        h.app.handle(.down)
        h.app.handle(.down)
        #expect(h.utterances == [
            Utterance("Ana García: Post 40. 40 minutes ago.", language: "en"),
            Utterance("Loading more"),
        ])
        gate.yield()
        await h.app.settle()
        #expect(h.utterances.last == Utterance("Ana García: Post 41. 41 minutes ago.", language: "en"))
        #expect(h.lines[10] == " > Posts 41 of 80")
    }

    @Test func theWhereLineSaysMoreBelowInSpanishAndCatalan() async throws {
        for (language, expected) in [(Language.spanish, "41 de 80, hay más abajo"), (Language.catalan, "41 de 80, n'hi ha més a sota")] {
            let h = try AppHarness(engine: fiveHundred(), language: language)
            await h.open()
            await h.press(.end, .down)
            #expect(h.lines[21].hasSuffix(expected))
        }
    }
}

@Suite struct PeoplePagingTests {
    @Test func followersBeyondTheFirst80AreLoadedPageByPage() async throws {
        let engine = FakeEngine()
        engine.scripted.setFollowers((1...200).map { account("f\($0)", "fan\($0)", "Fan \($0)") }, of: "1")
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("u"))
        await h.press(.tab, .tab, .tab, .tab, .tab, .tab, .enter)
        #expect(engine.scripted.followerRequests == 1)
        #expect(h.lines.contains(" > People 1 of 80"))
        await h.press(.end)
        #expect(engine.scripted.followerRequests == 2)
        await h.press(.down)
        #expect(h.texts.last == "Fan 81, @fan81. 10 posts, 5 followers, following 3.")
        #expect(h.lines.contains(" > People 81 of 160"))
        await h.press(.end)
        await h.press(.end)
        #expect(h.lines.contains(" > People 200 of 200"))
        // 200 followers: 3 pages of 80, and nothing asked for after the last.
        #expect(engine.scripted.followerRequests == 3)
        await h.press(.down)
        #expect(h.speech.events.last == .say(Utterance("Fan 200, @fan200. 10 posts, 5 followers, following 3.", earcon: .edge)))
    }
}

@Suite struct NotificationPagingTests {
    @Test func notificationsBeyondTheFirst40AreLoadedNearTheEnd() async throws {
        let engine = FakeEngine()
        let all = (1...100).map { n in
            // Each told alone (as a server that groups no follows keys them), so that the pages are counted one by one.
            MicroblogNotification(id: String(90_000 - n), kind: .follow, createdAt: testNow.addingTimeInterval(Double(-60 * n)),
                                  account: account("n\(n)", "fan\(n)", "Fan \(n)"), groupKey: "ungrouped-\(90_000 - n)")
        }
        engine.scripted.add(all)
        engine.notificationsValue = Array(all.prefix(40))
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("g"), .down, .down, .enter)
        #expect(h.lines[0] == " Notifications · main")
        await h.press(.end)
        #expect(engine.scripted.notificationRequests == 1)
        #expect(h.lines[21] == "   You are in Notifications · 40 of 80, more below")
        await h.press(.down)
        #expect(h.texts.last == "Fan 41 follows you. 41 minutes ago")
        #expect(h.lines[21] == "   You are in Notifications · 41 of 80, more below")
        await h.press(.end, .end)
        #expect(h.lines[21] == "   You are in Notifications · 100 of 100")
        #expect(engine.scripted.notificationRequests == 2)
    }
}

@Suite struct LinkPagedTimelineTests {
    /// Mentions (like direct messages, bookmarks and favourites) are paged by the server's own ids:
    /// the first page is asked for again to learn its `next` link, then each page costs one request.
    @Test func mentionsFollowTheServersNextLinks() async throws {
        let engine = FakeEngine()
        let all = (1...100).map(numbered)
        engine.scripted.add(all, to: "mentions")
        engine.setCached(Array(all.prefix(40)), in: "mentions")
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("g"), .down, .enter)
        #expect(h.lines[0] == " Mentions · main")
        let opening = engine.scripted.timelineRequests
        await h.press(.end)
        #expect(engine.scripted.timelineRequests == opening + 2)
        #expect(h.lines[21] == "   You are in Mentions · 40 of 80, more below")
        await h.press(.down)
        #expect(h.utterances.last == Utterance("Ana García: Post 41. 41 minutes ago.", language: "en"))
        await h.press(.end)
        #expect(engine.scripted.timelineRequests == opening + 3)
        #expect(h.lines[21] == "   You are in Mentions · 80 of 100")
    }
}
